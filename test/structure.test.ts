/**
 * The shape of the source tree (issues 13 and 18, docs/architecture.md): folders in layers
 * whose imports only point down, no import circles between files, and the request runtime's
 * imports within the runtime-safe modules that hosts such as njs and CloudFront can run
 * (docs/runtime.md).
 */
import { describe, expect, it } from 'vitest';
import { circles, folderOf, importGraph, sourceFiles, upwardImports } from './support/import-graph.js';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isRuntimeSafe, RUNTIME_SAFE } from '../src/runtime/runtime-safe.js';
import { PROJECT_ROOT } from './support/requirements.js';

const graph = importGraph(PROJECT_ROOT, sourceFiles(PROJECT_ROOT, 'src'));
/** The same with the tests beside the code and their support files: they too only look down (issue 25). */
const withTests = importGraph(PROJECT_ROOT, sourceFiles(PROJECT_ROOT, 'src', true));

/** Everything `start` imports, directly or not. */
function closure(start: string): Set<string> {
  const seen = new Set<string>();
  const stack = [start];
  while (stack.length) {
    const f = stack.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    stack.push(...(graph.get(f) ?? []));
  }
  return seen;
}

/**
 * The layers of `src/`, bottom first (docs/architecture.md): a folder imports only from
 * itself and from folders before it. '.' is the files directly under `src/`.
 */
const LAYERS = [
  '.',
  'dump',
  'model',
  'analysis',
  'api',
  'logos',
  'routes',
  'plan',
  'formats',
  'download',
  'portal',
  'runtime',
  'hosting',
  'hosts',
  'targets',
  'output',
  'site',
  'inspect',
  'fetch',
  'server',
  'check',
  'cli',
];

describe('source structure', () => {
  it('declares every folder of src/ in its layer order', () => {
    const folders = [...new Set(sourceFiles(PROJECT_ROOT, 'src').map(folderOf))];
    expect(folders.filter((f) => !LAYERS.includes(f))).toEqual([]);
  });

  it('imports only from its own folder or from folders below it, tests and test support included', () => {
    expect(upwardImports(graph, LAYERS)).toEqual([]);
    expect(upwardImports(withTests, LAYERS)).toEqual([]);
    // The tests were read: some import code of their own folder.
    expect([...withTests.keys()].filter((f) => f.endsWith('.test.ts')).length).toBeGreaterThan(50);
  });

  it('would fail on an upward import (the rule on a synthetic tree)', () => {
    const synthetic = new Map([
      ['src/low/a.ts', ['src/top.ts']],
      ['src/high/b.ts', ['src/low/a.ts', 'src/high/c.ts']],
      ['src/high/c.ts', []],
      ['src/top.ts', []],
    ]);
    expect(upwardImports(synthetic, ['.', 'low', 'high'])).toEqual([]);
    synthetic.set('src/low/a.ts', ['src/top.ts', 'src/high/c.ts']);
    expect(upwardImports(synthetic, ['.', 'low', 'high'])).toEqual(['src/low/a.ts → src/high/c.ts']);
    // A folder left out of the order counts as the top one.
    synthetic.set('src/new/d.ts', []);
    synthetic.set('src/high/b.ts', ['src/new/d.ts']);
    expect(upwardImports(synthetic, ['.', 'low', 'high'])).toContain('src/high/b.ts → src/new/d.ts');
  });

  it('has no import circles', () => {
    expect(circles(graph)).toEqual([]);
    expect(circles(withTests)).toEqual([]);
  });

  it('keeps the request runtime within the one runtime-safe list (src/runtime/runtime-safe.ts)', () => {
    const reached = ['src/runtime/resolve.ts', 'src/hosts/nginx/entry.ts', 'src/hosts/cloudfront/entry.ts'].flatMap(
      (entry) => [...closure(entry)],
    );
    expect(reached.length).toBeGreaterThan(20);
    expect(reached.filter((f) => !isRuntimeSafe(f))).toEqual([]);
    // The list names what exists, and the files whose header calls them runtime-safe are on it.
    expect(RUNTIME_SAFE.filter((entry) => !existsSync(join(PROJECT_ROOT, entry)))).toEqual([]);
    const claiming = sourceFiles(PROJECT_ROOT, 'src').filter((f) =>
      /Runtime-safe subset[.,]/.test(readFileSync(join(PROJECT_ROOT, f), 'utf8').slice(0, 1200)),
    );
    expect(claiming.length).toBeGreaterThan(5);
    expect(claiming.filter((f) => !isRuntimeSafe(f))).toEqual([]);
    // The rule on a build-only module: the HTML landing page is not on the list.
    expect(isRuntimeSafe('src/formats/html/landing.ts')).toBe(false);
  });
});
