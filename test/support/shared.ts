/**
 * Heavy things built once per test run and shared by every test file that needs them (the
 * sample site, the real-release sites, the compiled CLI), in the run's scratch folder.
 * Test files run in separate forks, possibly at the same time: the first to ask takes a lock
 * (an exclusive mkdir holding its pid) and builds; the others wait for its `ready.json`, and
 * take over if the builder died. A shared artifact is read-only for its users.
 */
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pidAlive } from './process.js';
import { scratch } from './scratch.js';

const POLL_MS = 100;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function readJson<T>(path: string): Promise<T | null> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as T;
  } catch {
    return null;
  }
}

/** Within one fork, a second ask for the same name waits for the first. */
const pending = new Map<string, Promise<unknown>>();

/**
 * The artifact `name` of this run: made by `make(dir)` (which fills the empty folder `dir`
 * and returns a JSON value describing it) exactly once across all forks.
 */
export function shared<T>(name: string, make: (dir: string) => Promise<T>): Promise<{ dir: string; value: T }> {
  const known = pending.get(name) as Promise<{ dir: string; value: T }> | undefined;
  if (known) return known;
  const p = obtain(name, make);
  pending.set(name, p);
  return p;
}

async function obtain<T>(name: string, make: (dir: string) => Promise<T>): Promise<{ dir: string; value: T }> {
  if (!/^[A-Za-z0-9._-]+$/.test(name)) throw new Error(`bad shared artifact name ${name}`);
  const root = join(scratch(), 'shared');
  await mkdir(root, { recursive: true, mode: 0o755 });
  const dir = join(root, name);
  const ready = join(root, `${name}.ready.json`);
  const lock = join(root, `${name}.lock`);
  for (;;) {
    const done = await readJson<{ value: T }>(ready);
    if (done) return { dir, value: done.value };
    const mine = await mkdir(lock).then(
      () => true,
      (err: NodeJS.ErrnoException) => {
        if (err.code !== 'EEXIST') throw err;
        return false;
      },
    );
    if (mine) {
      try {
        await writeFile(join(lock, 'pid'), String(process.pid));
        // A builder that died may have left a half-made folder.
        await rm(dir, { recursive: true, force: true });
        await mkdir(dir, { mode: 0o755 });
        const value = await make(dir);
        await writeFile(`${ready}.tmp`, JSON.stringify({ value }));
        await rename(`${ready}.tmp`, ready);
        return { dir, value };
      } finally {
        await rm(lock, { recursive: true, force: true });
      }
    }
    const owner = Number(await readFile(join(lock, 'pid'), 'utf8').catch(() => ''));
    // No pid: the owner is between mkdir and writeFile (or died there, if that was long ago).
    const age = Date.now() - ((await stat(lock).catch(() => null))?.mtimeMs ?? Date.now());
    if (owner ? !pidAlive(owner) : age > 10_000) await rm(lock, { recursive: true, force: true });
    else await sleep(POLL_MS);
  }
}
