/**
 * The bad-input corpus (cases.ts): each malformed dump stops the build with its exact message
 * and leaves an existing site byte-identical with no staging folder; each warning case builds
 * and reports its warning. `jaspar-static inspect` finds the same problem through the same checks.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/site/build.js';
import { readDump } from '../../src/dump/read-dump.js';
import { UserError, type Warning } from '../../src/errors.js';
import type { FormatName } from '../../src/api/formats.js';
import { HOST_TARGETS } from '../../src/targets/registry.js';
import { inspectDump } from '../../src/inspect/inspect.js';
import { hashTree } from '../support/files.js';
import { tempDirSync } from '../support/scratch.js';
import { BASE, SAMPLE } from '../support/site.js';
import { CASES, type CorpusCase } from './cases.js';

/** One format is enough here: what matters is what happens to the files, not what they hold. */
const FORMATS: FormatName[] = ['json'];

const root = tempDirSync('corpus');
const site = join(root, 'site');
const out = join(site, 'dist');
const options = { baseUrl: BASE, formats: FORMATS, targets: [...HOST_TARGETS] };
let before: Map<string, string>;

beforeAll(async () => {
  await build({ dump: SAMPLE, out, ...options });
  before = await hashTree(site);
});

function materialise(c: CorpusCase, index: number): { dir: string; dump: string } {
  const dir = join(root, `case-${String(index).padStart(2, '0')}`);
  mkdirSync(dir, { recursive: true });
  for (const [path, content] of Object.entries(c.files())) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return { dir, dump: join(dir, c.dump) };
}

const warningLine = (w: Warning) =>
  `${[w.place.file, w.place.line].filter((x) => x !== undefined).join(':')}: ${w.message}`;

/** What inspect says about the dump: the reader's error, or the report. */
async function inspectOrError(dump: string): Promise<UserError | ReturnType<typeof inspectDump>> {
  try {
    return inspectDump(await readDump(dump));
  } catch (error) {
    if (error instanceof UserError) return error;
    throw error;
  }
}

describe('bad-input corpus', () => {
  it('has at least 25 malformed dumps', () => {
    expect(CASES.filter((c) => c.error !== undefined).length).toBeGreaterThanOrEqual(25);
    expect(new Set(CASES.map((c) => c.name)).size).toBe(CASES.length);
  });

  CASES.forEach((c, index) => {
    if (c.error !== undefined) {
      const expected = c.error;
      it(`${c.name}: fails with its message, dist/ untouched`, async () => {
        const { dir, dump } = materialise(c, index);
        const error = await build({ dump, out, ...options }).then(
          () => undefined,
          (e: unknown) => e,
        );
        if (!(error instanceof UserError)) throw new Error(`expected a UserError, got ${String(error)}`);
        const message = error.format().replaceAll(dir, '<case>');
        if (typeof expected === 'string') expect(message).toBe(expected);
        else expect(message).toMatch(expected);
        expect(await hashTree(site)).toEqual(before);
        // Nothing left beside the site but the previous build's record (output/build-record.ts).
        expect(readdirSync(site).filter((n) => n.startsWith('.'))).toEqual([]);
        const inspected = await inspectOrError(dump);
        const first = inspected instanceof UserError ? inspected.format() : inspected.fatal[0]?.formatted;
        expect(first?.replaceAll(dir, '<case>')).toBe(message);
      });
    } else {
      it(`${c.name}: builds and warns`, async () => {
        const { dir, dump } = materialise(c, index);
        const summary = await build({ dump, out: join(dir, 'dist'), ...options });
        expect(summary.warnings.map((w) => warningLine(w).replaceAll(dir, '<case>'))).toContain(c.warning);
        expect(readdirSync(dir).filter((n) => n.startsWith('.'))).toEqual([]);
        const report = inspectDump(await readDump(dump));
        expect(report.fatal).toEqual([]);
        expect(report.warnings.map((w) => warningLine(w).replaceAll(dir, '<case>'))).toContain(c.warning);
      });
    }
  });
});
