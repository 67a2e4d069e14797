/** The tool's version, read from its package.json (the one source of it). */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CODE_ROOT } from '../code-root.js';

const NAME = 'jaspar-static';

/**
 * The `version` of the nearest package.json above the code's folder that belongs to
 * jaspar-static; the same file whether the CLI runs from its sources (src/) or compiled and
 * bundled (lib/src/).
 */
export function packageVersion(from: string = CODE_ROOT): string {
  return ownPackage(from).version;
}

/** The folder of jaspar-static's own package.json: the clone, or the installed package (node_modules/jaspar-static). */
export function packageRoot(from: string = CODE_ROOT): string {
  return ownPackage(from).dir;
}

function ownPackage(from: string): { dir: string; version: string } {
  for (let dir = from; ; dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown; version?: unknown };
      if (pkg.name === NAME && typeof pkg.version === 'string') return { dir, version: pkg.version };
    }
    if (dirname(dir) === dir) throw new Error(`no package.json of ${NAME} above ${from}`);
  }
}
