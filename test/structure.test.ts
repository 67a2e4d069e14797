/**
 * The shape of the source tree (issue 13, docs/architecture.md): no import circles, and the
 * request runtime's imports stay within the runtime-safe modules that hosts such as njs and
 * CloudFront can run (docs/runtime.md).
 */
import { describe, expect, it } from 'vitest';
import { circles, importGraph, sourceFiles } from './support/import-graph.js';
import { PROJECT_ROOT } from './support/requirements.js';

const graph = importGraph(PROJECT_ROOT, sourceFiles(PROJECT_ROOT, 'src'));

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

/** The folders and files the runtime may import (docs/runtime.md, "Runtime-safe subset"). */
const RUNTIME_SAFE = [/^src\/runtime\//, /^src\/api\/(formats|resources|errors|documents)\.ts$/, /^src\/routes\/(paths|route)\.ts$/, /^src\/formats\/(list-frames|json-string|yaml-resolve)\.ts$/, /^src\/formats\/html\/(list-page|list-nav|list-nav-api|list-view|bars|page|style|escape|fragment|links|records-table|response|search-box)\.ts$/, /^src\/model\/segments\.ts$/, /^src\/logos\/files\.ts$/];

describe('source structure', () => {
  it('has no import circles', () => {
    expect(circles(graph)).toEqual([]);
  });

  it('keeps the request runtime within the runtime-safe modules', () => {
    const outside = [...closure('src/runtime/resolve.ts')].filter((f) => !RUNTIME_SAFE.some((re) => re.test(f)));
    expect(outside).toEqual([]);
  });
});
