/**
 * Test code never blocks its worker on a child process: a worker that cannot answer vitest's
 * RPC for 60 s fails the run ("Timeout calling onTaskUpdate"), and on a busy CI machine a
 * 20 s call takes a minute. Use test/support/process.ts (run, runOk) instead; for whole
 * site trees, files.ts (hashTree, listFiles) and scratch.ts (removeTree).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from './support/requirements.js';

const BLOCKING = /\b(spawnSync|execSync|execFileSync)\s*\(/g;

/**
 * Files still calling one, with why they may for now. The three Python oracles beside the
 * renderers run short scripts (a few seconds) and belong to the format modules being rewritten:
 * convert them to runOk() and remove them from here.
 */
const ALLOWED: Record<string, readonly string[]> = {
  'src/formats/biopython.test.ts': ['spawnSync'],
  'src/formats/yaml.pyyaml.test.ts': ['spawnSync'],
  'src/formats/html/parts.test.ts': ['spawnSync'],
};

async function testFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await testFiles(path)));
    else if (/\.ts$/.test(e.name) && (path.includes('/test/') || e.name.endsWith('.test.ts'))) out.push(path);
  }
  return out;
}

describe('test code does not block its worker', () => {
  it('calls no spawnSync, execSync or execFileSync outside the listed files', async () => {
    const files = [...(await testFiles(join(PROJECT_ROOT, 'test'))), ...(await testFiles(join(PROJECT_ROOT, 'src')))];
    expect(files.length).toBeGreaterThan(50);
    const found: string[] = [];
    const used = new Set<string>();
    for (const file of files) {
      const rel = relative(PROJECT_ROOT, file);
      for (const m of (await readFile(file, 'utf8')).matchAll(BLOCKING)) {
        const call = m[1] as string;
        if (rel === 'test/no-blocking.test.ts') continue;
        if (ALLOWED[rel]?.includes(call)) used.add(`${rel}:${call}`);
        else found.push(`${rel}: ${call}`);
      }
    }
    expect(found).toEqual([]);
    // An allowance no longer needed goes, so the list only shrinks.
    const stale = Object.entries(ALLOWED).flatMap(([f, calls]) =>
      calls.filter((c) => !used.has(`${f}:${c}`)).map((c) => `${f}:${c}`),
    );
    expect(stale).toEqual([]);
  });
});
