/**
 * The package as a user installs it (issue 21): `npm pack` of this repository into a folder,
 * and the tarball installed into an empty project with `npm ci --offline` (no registry: the
 * project's lock gives the versions of the runtime dependencies, and `npm ci` of this
 * repository left their tarballs in npm's cache). The tarball is built with `--ignore-scripts`
 * from the lib/ that `npm ci` (prepare) compiled: rebuilding lib/ here would rewrite files
 * other test files are running. Packed once per run ({@link sharedPackage}) for test/package.test.ts
 * and the guides (test/guides/).
 */
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runOk } from './process.js';
import { PROJECT_ROOT } from './requirements.js';
import { shared } from './shared.js';

export const NPM_FLAGS = ['--no-audit', '--no-fund', '--loglevel=error'];

interface LockEntry {
  readonly version?: string;
  readonly resolved?: string;
  readonly dev?: boolean;
  readonly link?: boolean;
}
export interface Manifest {
  readonly version: string;
  readonly license: string;
  readonly dependencies: Record<string, string>;
  readonly bin: Record<string, string>;
  readonly engines: Record<string, string>;
}

/**
 * The empty project's lock: the tarball, and every runtime package of this repository's lock
 * with its registry address (this lock omits them), so npm takes each from its cache by integrity.
 */
async function projectLock(tarball: string): Promise<object> {
  const lock = JSON.parse(await readFile(join(PROJECT_ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>;
  };
  const pkg = JSON.parse(await readFile(join(PROJECT_ROOT, 'package.json'), 'utf8')) as Manifest;
  const packages: Record<string, object> = {
    '': { name: 'probe', version: '1.0.0', dependencies: { 'jaspar-static': `file:${tarball}` } },
    'node_modules/jaspar-static': {
      version: pkg.version,
      resolved: `file:${tarball}`,
      license: pkg.license,
      dependencies: pkg.dependencies,
      bin: pkg.bin,
      engines: pkg.engines,
    },
  };
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (!path.startsWith('node_modules/') || entry.dev || entry.link) continue;
    const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
    packages[path] = {
      ...entry,
      resolved: entry.resolved ?? `https://registry.npmjs.org/${name}/-/${name.split('/').pop()}-${entry.version}.tgz`,
    };
  }
  return { name: 'probe', version: '1.0.0', lockfileVersion: 3, requires: true, packages };
}

export interface Packed {
  /** The tarball's path. */
  readonly tarball: string;
  /** The project it is installed into (`<dir>/project`). */
  readonly project: string;
  /** The files the tarball holds, and its size in bytes. */
  readonly files: string[];
  readonly size: number;
}

/** Pack this repository into `dir` and install the tarball into the empty project `<dir>/project`. */
export async function packAndInstall(dir: string): Promise<Packed> {
  const project = join(dir, 'project');
  const packed = await runOk('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir, ...NPM_FLAGS], {
    cwd: PROJECT_ROOT,
  });
  const info = (JSON.parse(packed.stdout) as { filename: string; size: number; files: { path: string }[] }[])[0]!;
  await mkdir(project);
  const tarball = join(dir, info.filename);
  await writeFile(
    join(project, 'package.json'),
    `${JSON.stringify({ name: 'probe', version: '1.0.0', private: true, dependencies: { 'jaspar-static': `file:${tarball}` } })}\n`,
  );
  await writeFile(join(project, 'package-lock.json'), `${JSON.stringify(await projectLock(tarball))}\n`);
  await runOk('npm', ['ci', '--offline', ...NPM_FLAGS], { cwd: project });
  return { tarball, project, files: info.files.map((f) => f.path), size: info.size };
}

/**
 * The package packed and installed once per test run, shared by every file that installs it
 * (test/package.test.ts, the guides in test/guides/): read-only, a file that writes into the
 * project copies it first ({@link copyProject}).
 */
export async function sharedPackage(): Promise<Packed> {
  return (await shared('packed', (dir) => packAndInstall(dir))).value;
}

/** A copy of an installed project (symbolic links kept), for a test that writes into it. */
export async function copyProject(project: string, to: string): Promise<string> {
  await cp(project, to, { recursive: true, verbatimSymlinks: true });
  return to;
}
