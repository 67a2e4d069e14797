/**
 * What a site is a function of: the dump's bytes, every option that reaches the output, and
 * the generator itself (its code and the package.json naming its dependencies). Output is
 * deterministic, so a site built from an equal fingerprint is byte-identical to what a
 * rebuild would write; incremental.ts uses that to skip the rebuild of an unchanged release.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { CODE_ROOT } from '../code-root.js';
import { listTree } from '../output/tree-stamp.js';

/** sha256 of the generator: every file of its code tree (CODE_ROOT: src/ from the sources, lib/src/ compiled), and the nearest package.json above it. */
async function codeDigest(): Promise<string> {
  const hash = createHash('sha256');
  for (const path of await listTree(CODE_ROOT))
    hash
      .update(`${path}\0`)
      .update(await readFile(join(CODE_ROOT, path)))
      .update('\0');
  for (let dir = dirname(CODE_ROOT); dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) {
      hash.update(await readFile(join(dir, 'package.json')));
      break;
    }
  }
  return hash.digest('hex');
}

/** The generator's digest, had once a process: the code that runs does not change while it runs. */
let digest: Promise<string> | null = null;

/**
 * The generator's digest ({@link codeDigest}), started now if it is not yet: a build starts it
 * before it reads the dumps, and its some 320 files are read meanwhile, where it took 80 ms of a
 * build between the read and the first file written (issue 46).
 */
export function codeDigestSoon(): Promise<string> {
  if (digest === null) {
    digest = codeDigest();
    // Heard by whoever awaits it; a build that fails before that does not also fail on this,
    // and a failed read (too many open files) is tried again by the next build.
    digest.catch(() => {
      digest = null;
    });
  }
  return digest;
}

/**
 * The fingerprint of one build: `inputs` are the files of `dump` (as the input snapshot lists
 * them, named relative to it; read whole, so a copy or a touched file with the same bytes fingerprints the same),
 * `settings` every option that reaches the output, as plain JSON.
 */
export async function buildFingerprint(dump: string, inputs: Iterable<string>, settings: unknown): Promise<string> {
  const hash = createHash('sha256');
  hash.update(`code ${await codeDigestSoon()}\n`).update(`settings ${JSON.stringify(settings)}\n`);
  for (const path of [...inputs].sort())
    hash
      .update(`input ${relative(dump, path)}\0`)
      .update(await readFile(path))
      .update('\0');
  return hash.digest('hex');
}
