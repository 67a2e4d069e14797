/**
 * The bad-input corpus, path shapes (path-cases.ts): each way of naming a dump builds the site
 * the plainly named dump builds, byte for byte, writes nothing into the dump, and rebuilds as a
 * no-op both through its own path and through the plain one (one fingerprint: incremental
 * builds behave the same through a link as through the real path); or it fails with one line.
 */
import { createHash } from 'node:crypto';
import {
  appendFileSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { FormatName } from '../../src/api/formats.js';
import { UserError } from '../../src/errors.js';
import { HOST_TARGETS } from '../../src/targets/registry.js';
import { build, type BuildSummary } from '../../src/site/build.js';
import { hashTree } from '../support/files.js';
import { requireAll } from '../support/requirements.js';
import { scratch, tempDirSync } from '../support/scratch.js';
import { BASE } from '../support/site.js';
import { PATH_CASES, type PathCase } from './path-cases.js';

const FORMATS: FormatName[] = ['json'];
const options = { baseUrl: BASE, formats: FORMATS, targets: [...HOST_TARGETS] };
const root = tempDirSync('corpus-paths');
const cwd = process.cwd();
afterEach(() => process.chdir(cwd));

/** A folder on another file system than the scratch folder (the dumps'), or null. */
function otherFileSystem(): string | null {
  const here = statSync(scratch()).dev;
  for (const base of [tmpdir(), '/dev/shm', '/var/tmp']) {
    try {
      if (statSync(base).dev !== here) return mkdtempSync(join(base, 'jaspar-static-test-otherfs-'));
    } catch {
      // not there
    }
  }
  return null;
}
const others: string[] = [];
afterAll(async () => {
  for (const dir of others) await rm(dir, { recursive: true, force: true });
});

/** Every entry below `dir` with its content hash, or its link target for a link, and its mode. */
function listing(dir: string, rel = ''): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(dir, rel)).sort()) {
    const path = rel ? `${rel}/${name}` : name;
    const st = lstatSync(join(dir, path));
    if (st.isSymbolicLink()) out.push(`${path} -> ${readlinkSync(join(dir, path))}`);
    else if (st.isDirectory()) out.push(`${path}/ ${st.mode.toString(8)}`, ...listing(dir, path));
    else
      out.push(
        `${path} ${st.mode.toString(8)} ${st.mtimeMs} ${createHash('sha256')
          .update(readFileSync(join(dir, path)))
          .digest('hex')}`,
      );
  }
  return out;
}

function materialise(c: PathCase, index: number): string {
  const dir = join(root, `case-${String(index).padStart(2, '0')}`);
  mkdirSync(dir, { recursive: true });
  for (const [path, content] of Object.entries(c.files())) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  c.setup?.(dir);
  return dir;
}

/** Build `c`'s dump as the user names it (from the case folder with `cwd`). */
async function buildAsNamed(c: PathCase, dir: string, out: string): Promise<BuildSummary> {
  if (c.cwd) process.chdir(dir);
  try {
    return await build({ dump: c.cwd ? c.dump : `${dir}/${c.dump}`, out, ...options });
  } finally {
    process.chdir(cwd);
  }
}

describe('bad-input corpus: every way of naming a dump', () => {
  PATH_CASES.forEach((c, index) => {
    if (c.error !== undefined) {
      const expected = c.error;
      it(`${c.name}: fails with one line`, async () => {
        const dir = materialise(c, index);
        const error = await buildAsNamed(c, dir, join(dir, 'dist')).then(
          () => undefined,
          (e: unknown) => e,
        );
        if (!(error instanceof UserError)) throw new Error(`expected a UserError, got ${String(error)}`);
        expect(error.format().replaceAll(dir, '<case>')).toBe(expected);
      });
      return;
    }
    it(`${c.name}: builds the plain dump's site, writes nothing into the dump, rebuilds as a no-op`, async (ctx) => {
      const dir = materialise(c, index);
      let outBase = join(root, `out-${index}`);
      if (c.otherFileSystem) {
        const other = otherFileSystem();
        if (other === null) {
          if (requireAll) throw new Error("required for CI but missing: a file system other than the scratch folder's");
          ctx.skip();
          return;
        }
        others.push(other);
        expect(statSync(other).dev).not.toBe(statSync(dir).dev);
        outBase = other;
      }
      const reference = join(root, `reference-${index}`, 'dist');
      await build({ dump: join(dir, c.reference ?? c.dump), out: reference, ...options });
      const dumpBefore = listing(dir);

      const out = join(outBase, 'dist');
      const first = await buildAsNamed(c, dir, out);
      expect(first.rebuilt).toBe(true);
      expect(await hashTree(out)).toEqual(await hashTree(reference));
      expect(listing(dir)).toEqual(dumpBefore);
      // Beside the site: its deploy folder and build record, no staging or swapped-out folder.
      expect(readdirSync(outBase).filter((n) => n !== 'dist' && n !== 'dist.deploy')).toEqual([]);

      expect((await buildAsNamed(c, dir, out)).rebuilt).toBe(false);
      // The plainly named dump's site is this one's: a no-op as well (the same fingerprint).
      expect((await buildAsNamed(c, dir, reference)).rebuilt).toBe(false);
      for (const path of c.notInputs ?? []) appendFileSync(join(dir, path), 'changed\n');
      if (c.notInputs) expect((await buildAsNamed(c, dir, out)).rebuilt).toBe(false);
    });
  });
});
