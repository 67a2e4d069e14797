/**
 * Walking a built site without blocking the test worker: every file with its hash (for
 * determinism and "nothing lost" checks), or every file name. Folders are listed and files
 * hashed in slices of at most ~20 ms of synchronous reads, yielding to the event loop between
 * slices (5× faster than one async read per small file, and a 30k-file tree never stalls
 * vitest's RPC).
 */
import { RECORD_FILE } from '../../src/output/build-record.js';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const SLICE_MS = 20;
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * For a loop of synchronous reads: the returned function yields to the event loop once more
 * than ~20 ms have passed since its last yield, and returns at once otherwise (`await` it
 * after each read).
 */
export function slicer(): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since <= SLICE_MS) return;
    await yieldToLoop();
    since = performance.now();
  };
}

/**
 * Every file below `dir` as a sorted list of relative `/`-separated paths; throws on a symlink.
 * The build record a deploy folder holds (src/output/build-record.ts) is the build's own
 * bookkeeping (stamps, inodes), not content: it is left out.
 */
export async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  // One synchronous listing per folder: a promise per entry (every file) cost the walk most of its CPU.
  const folders = [''];
  const pause = slicer();
  for (let rel = folders.pop(); rel !== undefined; rel = folders.pop()) {
    for (const e of readdirSync(join(dir, rel), { withFileTypes: true })) {
      const path = rel ? `${rel}/${e.name}` : e.name;
      if (e.isSymbolicLink()) throw new Error(`symlink in output: ${path}`);
      if (e.isDirectory()) folders.push(path);
      else if (path !== RECORD_FILE) out.push(path);
    }
    await pause();
  }
  return out.sort();
}

/** Map of relative path → sha256 of every file below `dir` (sorted by path); throws on a symlink. */
export async function hashTree(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const pause = slicer();
  for (const file of await listFiles(dir)) {
    out.set(
      file,
      createHash('sha256')
        .update(readFileSync(join(dir, file)))
        .digest('hex'),
    );
    await pause();
  }
  return out;
}

/** One sha256 over every path and file hash below `dir`: equal digests, byte-identical trees. */
export async function treeDigest(dir: string): Promise<string> {
  const h = createHash('sha256');
  for (const [path, hash] of await hashTree(dir)) h.update(`${path}\0${hash}\n`);
  return h.digest('hex');
}
