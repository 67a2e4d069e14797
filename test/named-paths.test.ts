/**
 * Every repository path the docs (README.md, CONTRIBUTING.md, docs/, releases/README.md) and
 * the source comments (src/, test/, bench/, tools/) name exists, and so does every relative
 * link of the docs (issue 36: six such paths had gone stale). Reading files only, well under a
 * second. How paths are told apart from URLs, other packages' files and placeholders:
 * test/support/named-paths.ts.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commentsOf, markdownLinks, namedPaths } from './support/named-paths.js';
import { PROJECT_ROOT } from './support/requirements.js';

/** Every file below the repository folder `dir` (relative to the root) whose name matches `name`. */
function filesUnder(dir: string, name: RegExp): string[] {
  const out: string[] = [];
  if (!existsSync(join(PROJECT_ROOT, dir))) return out;
  for (const e of readdirSync(join(PROJECT_ROOT, dir), { withFileTypes: true })) {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) out.push(...filesUnder(path, name));
    else if (name.test(e.name)) out.push(path);
  }
  return out;
}

const exists = (path: string): boolean => existsSync(join(PROJECT_ROOT, path));

describe('the comment lexer', () => {
  const texts = (source: string) => commentsOf(source).map((c) => c.text.trim());

  it('skips strings, regular expressions and template literals, and finds the comments after them', () => {
    expect(texts(`const a = '// no'; // one\nconst b = "/* no */"; /* two */`)).toEqual(['one', 'two']);
    expect(texts(`const r = /\\/\\/x/; // one`)).toEqual(['one']);
    expect(texts(`s.replace(/'/g, "\\\\'"); // one\nconst q = 'it\\'s // no'; // two`)).toEqual(['one', 'two']);
    expect(texts('const t = `a ${b /* one */} // no ${{ c: 1 }.c}`; // two')).toEqual(['one', 'two']);
    expect(texts('const d = a / b; // one /\nreturn /x/.test(y); // two')).toEqual(['one /', 'two']);
  });

  it('gives the line each comment starts on', () => {
    expect(commentsOf('/**\n * one\n */\nconst s = `\n`; // two').map((c) => c.line)).toEqual([1, 5]);
  });
});

describe('paths named in text', () => {
  it('takes paths from the repository root, and the folder of one cut by a placeholder or glob', () => {
    expect(namedPaths('see src/api/formats.ts, docs/hosting.md. And `test/` (bench/x.ts)')).toEqual([
      'src/api/formats.ts',
      'docs/hosting.md',
      'test/',
      'bench/x.ts',
    ]);
    expect(namedPaths('src/hosts/<host>/adapter.ts, test/golden/*.json, test/…, src/{a,b}.ts')).toEqual([
      'src/hosts/',
      'test/golden/',
      'test/',
      'src/',
    ]);
  });

  it('leaves URLs, other packages, the shared folder and operators’ releases alone', () => {
    const text =
      'https://github.com/o/r/blob/main/src/x.ts node_modules/x/src/y.js netlify-cli/src/commands/deploy.ts ' +
      'lib/src/cli/main.js ../shared/docs/jaspar-api.md @scope/docs/x releases/JASPAR2024/ dist/static/x';
    expect(namedPaths(text)).toEqual([]);
    expect(namedPaths('releases/sample/MATRIX.txt releases/README.md')).toEqual([
      'releases/sample/MATRIX.txt',
      'releases/README.md',
    ]);
  });

  it('takes the relative targets of Markdown links', () => {
    expect(markdownLinks('[a](docs/x.md#part) [b](https://x.org/y) [c](#here) [d](../README.md)')).toEqual([
      'docs/x.md',
      '../README.md',
    ]);
  });
});

describe('the repository', () => {
  const docs = [
    ...readdirSync(PROJECT_ROOT).filter((f) => f.endsWith('.md')),
    ...filesUnder('docs', /\.md$/),
    ...filesUnder('releases', /\.md$/),
  ];
  const sources = ['src', 'test', 'bench', 'tools'].flatMap((d) => filesUnder(d, /\.(ts|js|mjs|cjs)$/));

  it('names only paths that exist, in its docs and source comments', () => {
    const missing: string[] = [];
    let named = 0;
    const check = (file: string, line: number, text: string) => {
      for (const path of namedPaths(text)) {
        named++;
        if (!exists(path)) missing.push(`${file}:${line}: ${path}`);
      }
    };
    for (const file of docs) {
      const lines = readFileSync(join(PROJECT_ROOT, file), 'utf8').split('\n');
      lines.forEach((text, i) => {
        check(file, i + 1, text);
        for (const target of markdownLinks(text)) {
          named++;
          const path = posix.normalize(posix.join(posix.dirname(file), target));
          if (!exists(path)) missing.push(`${file}:${i + 1}: link ${target}`);
        }
      });
    }
    for (const file of sources)
      for (const comment of commentsOf(readFileSync(join(PROJECT_ROOT, file), 'utf8')))
        comment.text.split('\n').forEach((text, i) => check(file, comment.line + i, text));
    expect(missing).toEqual([]);
    // The docs and comments name hundreds of paths: finding few would mean the pattern no longer finds them.
    expect(docs).toEqual(expect.arrayContaining(['README.md', 'CONTRIBUTING.md', 'docs/architecture.md']));
    expect(sources.length).toBeGreaterThan(400);
    expect(named).toBeGreaterThan(500);
  });
});
