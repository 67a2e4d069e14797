/**
 * The shape of the source tree (issues 13 and 18, docs/architecture.md): folders in layers
 * whose imports only point down, no import circles between files, and the request runtime's
 * imports within the runtime-safe modules that hosts such as njs and CloudFront can run
 * (docs/runtime.md).
 */
import { describe, expect, it } from 'vitest';
import { circles, folderOf, importGraph, sourceFiles, upwardImports } from './support/import-graph.js';
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
  'api',
  'logos',
  'routes',
  'plan',
  'formats',
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

/** The folders and files the runtime may import (docs/runtime.md, "Runtime-safe subset"). */
const RUNTIME_SAFE = [
  /^src\/runtime\//,
  /^src\/api\/(formats|resources|errors|documents|urls)\.ts$/,
  /^src\/routes\/(paths|route|request|params|links|select|prebuilt|prebuilt-plan|unprebuilt|page-number|site-data|applies|page-size)\.ts$/,
  /^src\/formats\/(list-frames|json-string|yaml-resolve)\.ts$/,
  /^src\/formats\/html\/(list-page|list-nav|list-nav-api|list-view|bars|page|style|escape|fragment|links|records-table|response|search-box)\.ts$/,
  /^src\/segments\.ts$/,
  /^src\/logos\/files\.ts$/,
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

  it('keeps the request runtime within the runtime-safe modules', () => {
    const outside = [...closure('src/runtime/resolve.ts')].filter((f) => !RUNTIME_SAFE.some((re) => re.test(f)));
    expect(outside).toEqual([]);
  });
});
