/** Walking a built site: every file with its hash, for determinism and layout checks. */
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Map of relative path → sha256 of every file below `dir`; throws on a symlink. */
export function hashTree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (rel: string) => {
    for (const name of readdirSync(join(dir, rel)).sort()) {
      const path = rel ? `${rel}/${name}` : name;
      const st = lstatSync(join(dir, path));
      if (st.isSymbolicLink()) throw new Error(`symlink in output: ${path}`);
      if (st.isDirectory()) walk(path);
      else out.set(path, createHash('sha256').update(readFileSync(join(dir, path))).digest('hex'));
    }
  };
  walk('');
  return out;
}
