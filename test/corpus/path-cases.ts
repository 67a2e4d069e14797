/**
 * The bad-input corpus, path shapes (paths.test.ts): every way a user may name a dump. Each
 * builds the same site as the same dump named plainly (`reference`), or fails with one line.
 */
import { chmodSync, readdirSync, statSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { sampleFolder, tinySql, type Files } from './dumps.js';

export interface PathCase {
  readonly name: string;
  /** The dump as the user names it: relative to the case folder, or to the current folder with `cwd`. */
  readonly dump: string;
  /** Run the build from the case folder (the dump named relative to the current folder). */
  readonly cwd?: boolean;
  readonly files: () => Files;
  /** Links, permissions: what files cannot say. */
  readonly setup?: (dir: string) => void;
  /** The same dump named plainly (relative to the case folder), whose site this one must equal; default: `dump`. */
  readonly reference?: string;
  /** The one-line error instead, `<case>` for the case folder. */
  readonly error?: string;
  /** Files of the case folder that are no input: changing them leaves a rebuild a no-op. */
  readonly notInputs?: readonly string[];
  /** Build into a folder on another file system than the dump's. */
  readonly otherFileSystem?: boolean;
}

/** The sample's tables (from `sampleFolder`) in folder `dir` instead of `d/`. */
const sampleIn = (dir: string): Files =>
  Object.fromEntries(Object.entries(sampleFolder()).map(([p, c]) => [`${dir}/${p.slice(2)}`, c]));

/** Everything below `path` read-only (as root this does not stop writes: the test also checks that nothing was written). */
function readOnly(path: string): void {
  if (statSync(path).isDirectory()) for (const name of readdirSync(path)) readOnly(join(path, name));
  chmodSync(path, statSync(path).isDirectory() ? 0o555 : 0o444);
}

export const PATH_CASES: readonly PathCase[] = [
  {
    name: 'a folder through a symbolic link',
    dump: 'current',
    files: () => sampleIn('sample'),
    setup: (d) => symlinkSync('sample', join(d, 'current')),
    reference: 'sample',
  },
  {
    name: 'a link to a link to a folder',
    dump: 'latest',
    files: () => sampleIn('sample'),
    setup: (d) => (symlinkSync('sample', join(d, 'current')), symlinkSync(join(d, 'current'), join(d, 'latest'))),
    reference: 'sample',
  },
  {
    name: 'a SQL dump file through a symbolic link',
    dump: 'current.sql',
    files: () => ({ 'JASPAR2020.sql': tinySql() }),
    setup: (d) => symlinkSync('JASPAR2020.sql', join(d, 'current.sql')),
    reference: 'JASPAR2020.sql',
  },
  { name: 'a relative path', dump: 'sample', cwd: true, files: () => sampleIn('sample') },
  {
    name: './dump/ with a trailing slash',
    dump: './sample/',
    cwd: true,
    files: () => sampleIn('sample'),
    reference: 'sample',
  },
  {
    name: 'a path with spaces and non-ASCII letters',
    dump: 'mes données/JASPAR2020 copie ü',
    files: () => sampleIn('mes données/JASPAR2020 copie ü'),
  },
  {
    name: 'a read-only dump',
    dump: 'sample',
    files: () => sampleIn('sample'),
    setup: (d) => readOnly(join(d, 'sample')),
  },
  {
    name: 'a dump folder holding other files and folders (README, .DS_Store, raw/, .git)',
    dump: 'messy/sample',
    files: () => ({
      ...sampleIn('messy/sample'),
      'messy/sample/README': 'downloaded from jaspar.elixir.no\n',
      'messy/sample/.DS_Store': new Uint8Array([0, 0, 0, 1, 66, 117, 100, 49]),
      'messy/sample/raw/MATRIX.txt': 'not a table of this release\n',
      'messy/sample/raw/notes.md': '# notes\n',
      'messy/sample/.git/HEAD': 'ref: refs/heads/main\n',
      'messy/sample/.git/objects/ab/cdef': new Uint8Array([120, 1, 2, 3]),
      ...sampleIn('clean/sample'),
    }),
    reference: 'clean/sample',
    notInputs: ['messy/sample/.git/HEAD', 'messy/sample/raw/notes.md', 'messy/sample/.DS_Store'],
  },
  {
    name: 'a dump on another file system than --out',
    dump: 'sample',
    files: () => sampleIn('sample'),
    otherFileSystem: true,
  },
  {
    name: 'a symbolic link to nowhere',
    dump: 'current',
    files: () => ({}),
    setup: (d) => symlinkSync('gone', join(d, 'current')),
    error: '<case>/current: dump not found',
  },
  {
    name: 'a symbolic link loop',
    dump: 'a',
    files: () => ({}),
    setup: (d) => (symlinkSync('b', join(d, 'a')), symlinkSync('a', join(d, 'b'))),
    error: '<case>/a: dump not found',
  },
];
