import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { build } from '../src/site/build.js';
import { cliInBackground } from './support/cli-run.js';
import { hashTree, treeDigest } from './support/files.js';
import { PROJECT_ROOT } from './support/requirements.js';
import { removeTree, tempDir } from './support/scratch.js';
import { sampleVariant } from './support/trimmed-sample.js';

const GOLDEN = join(PROJECT_ROOT, 'test/golden/history-site.txt');
const update = process.env.UPDATE_GOLDEN === '1';

let dir: string;
let dumps: string[];

/** The sample as release `name`, `keep` choosing which of its MATRIX rows stay. */
const variant = async (name: string, keep: (row: number, rows: number) => boolean): Promise<string> =>
  (await sampleVariant(dir, name, keep)).dump;

beforeAll(async () => {
  dir = await tempDir('history');
  // Given oldest first, as an operator lists them: the build serves them newest first.
  dumps = [
    await variant('JASPAR2016', (i) => i > 0),
    await variant('JASPAR2018', (i, n) => i < n - 1),
    await variant('JASPAR2020', () => true),
  ];
});

afterAll(async () => {
  if (dir) await removeTree(dir);
});

/** Where a file is told: its first folder, two levels deep in the folders that hold one per release or per kind. */
function folderOf(path: string): string {
  const folders = path.split('/').slice(0, -1);
  const depth = ['releases', 'static', 'download', 'files'].includes(folders[0] ?? '') ? 2 : 1;
  return folders.slice(0, depth).join('/') || '.';
}

/** One line per folder (folderOf) (`releases/JASPAR2016`, `#deploy/nginx`): files and a digest of their paths and bytes. */
async function folderDigests(out: string, label: string): Promise<string[]> {
  const folders = new Map<string, { files: number; hash: ReturnType<typeof createHash> }>();
  for (const [root, prefix] of [
    [out, ''],
    [`${out}.deploy`, '#deploy/'],
  ] as const) {
    for (const [path, hash] of await hashTree(root)) {
      const key = `${label} ${prefix}${folderOf(path)}`;
      const folder = folders.get(key) ?? { files: 0, hash: createHash('sha256') };
      folder.files++;
      folder.hash.update(`${path}\0${hash}\n`);
      folders.set(key, folder);
    }
  }
  return [...folders].map(([key, f]) => `${key} ${f.files} ${f.hash.digest('hex').slice(0, 16)}`).sort();
}

const SMALL = {
  baseUrl: 'http://jaspar.test',
  formats: ['json', 'jaspar', 'yaml', 'api'] as const,
  targets: ['cloudflare', 'nginx'] as const,
  pageSizes: [100],
  orderFields: ['name'],
  filterKeys: ['collection'],
  releasePubmed: [{ year: null, value: 29140473 }],
  releaseWebsite: [{ year: 2016, value: 'https://jaspar2016.genereg.net' }],
};

it('writes, full and compact, the bytes the build holding every release at once wrote', async () => {
  const lines: string[] = [];
  for (const compact of [false, true]) {
    const out = join(dir, compact ? 'compact' : 'full');
    await build({
      ...SMALL,
      formats: [...SMALL.formats],
      targets: [...SMALL.targets],
      dump: dumps,
      out,
      compact,
    });
    lines.push(...(await folderDigests(out, compact ? 'compact' : 'full')));
  }
  const text = `${lines.join('\n')}\n`;
  if (update) writeFileSync(GOLDEN, text);
  expect(text).toBe(readFileSync(GOLDEN, 'utf8'));
}, 240_000);

/** Resolves once `ready()` holds, polling; false when `stop()` holds first or in two minutes. */
async function until(ready: () => boolean, stop: () => boolean): Promise<boolean> {
  const deadline = Date.now() + 120_000;
  while (!ready()) {
    if (stop() || Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 5));
  }
  return true;
}

it('leaves the previous site intact when killed while writing its third release', async () => {
  const out = join(dir, 'killed');
  await build({ ...SMALL, formats: [...SMALL.formats], targets: [...SMALL.targets], dump: dumps, out });
  const digests = async () => `${await treeDigest(out)} ${await treeDigest(`${out}.deploy`)}`;
  const previous = await digests();
  const args = ['build', ...dumps, '--out', out, '--base-url', 'http://killed.test', '--formats', 'json,jaspar,api'];
  // Lines on stderr (not a terminal), one each time the write reaches another release.
  const child = await cliInBackground([...args, '--targets', 'cloudflare,nginx', '--progress-interval', '3600']);
  let exited = false;
  void child.exited.then(() => (exited = true));
  const third = await until(
    () => child.stderr().includes('write JASPAR2016 (3/3)'),
    () => exited,
  );
  child.child.kill('SIGKILL');
  await child.exited;
  expect(third, child.stderr()).toBe(true);
  expect(await digests()).toBe(previous);
}, 240_000);
