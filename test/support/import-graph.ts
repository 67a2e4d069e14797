/**
 * The import graph of the source tree, read from the files' `import … from './x.js'` and
 * `export … from` lines (type-only imports included: a circle of types is still a circle), and
 * its strongly connected components, for the structure test.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const IMPORT = /^\s*(?:import|export)\b[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/gm;

/** Every .ts file below `dir`, relative to `root`: tests and test support left out unless `withTests`. */
export function sourceFiles(root: string, dir: string, withTests = false): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (
        e.name.endsWith('.ts') &&
        (withTests || (!e.name.endsWith('.test.ts') && !e.name.endsWith('test-support.ts')))
      )
        out.push(relative(root, p));
    }
  };
  walk(join(root, dir));
  return out.sort();
}

/** file → the source files it imports (relative to `root`). */
export function importGraph(root: string, files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    const targets: string[] = [];
    for (const m of text.matchAll(IMPORT)) {
      const target = relative(root, resolve(root, dirname(file), m[1]!)).replace(/\.js$/, '.ts');
      if (known.has(target)) targets.push(target);
    }
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Strongly connected components with more than one file (import circles), Tarjan's algorithm. */
export function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) out.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out;
}

/** The folder of a source file under `src/`: its first folder, or '.' for a file at the top. */
export function folderOf(file: string): string {
  const parts = file.split('/');
  return parts.length > 2 ? parts[1]! : '.';
}

/**
 * Imports that run from a folder to one above it in `order` (bottom first), as
 * `from → to` lines; a folder missing from `order` counts as above everything, so a new
 * folder must be placed before its imports pass.
 */
export function upwardImports(graph: ReadonlyMap<string, readonly string[]>, order: readonly string[]): string[] {
  const rank = (file: string): number => {
    const i = order.indexOf(folderOf(file));
    return i === -1 ? order.length : i;
  };
  const out: string[] = [];
  for (const [from, targets] of graph) {
    for (const to of targets) {
      if (folderOf(from) !== folderOf(to) && rank(to) >= rank(from)) out.push(`${from} → ${to}`);
    }
  }
  return out.sort();
}
