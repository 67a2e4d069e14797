/**
 * The repository paths the docs and the source comments name (issue 36: a newcomer follows
 * them), found by reading text only: a small lexer for the comments of a source file and a
 * pattern for paths from the repository root (`src/api/formats.ts`, `docs/hosting.md`, `test/`).
 */

export interface Comment {
  /** The line the comment starts on (1-based). */
  readonly line: number;
  readonly text: string;
}

/** Words after which a `/` starts a regular expression, not a division. */
const BEFORE_EXPRESSION = new Set('return typeof case in of void delete throw yield await'.split(' '));

/**
 * The comments of a TypeScript or JavaScript source, by a small lexer (no parser: the whole tree
 * is read in tens of milliseconds). Strings, template literals (with the code of their `${…}`)
 * and regular expression literals are skipped, so `'//'`, `/\/\//` and `` `/*` `` are not
 * comments. A `/` starts a regular expression where an expression may start: after an operator,
 * an opening bracket, a comma, `return` and the like, or at the start.
 */
export function commentsOf(text: string): Comment[] {
  const out: Comment[] = [];
  const n = text.length;
  /** Brace depths at which a template literal's `${` opened: the `}` back at that depth resumes the template. */
  const templates: number[] = [];
  let depth = 0;
  let i = 0;
  let line = 1;
  /** The last token outside comments (a character or a word), to tell a division from a regular expression. */
  let prev = '';
  const advance = (to: number): void => {
    const end = Math.min(to, n);
    for (let k = i; k < end; k++) if (text.charCodeAt(k) === 10) line++;
    i = end;
  };
  /** From just inside a template literal's text to its end, or into the code of its next `${`. */
  const template = (): void => {
    let k = i;
    while (k < n && text[k] !== '`') {
      if (text[k] === '\\') k += 2;
      else if (text[k] === '$' && text[k + 1] === '{') {
        templates.push(depth++);
        advance(k + 2);
        prev = '{';
        return;
      } else k++;
    }
    advance(k + 1);
    prev = '`';
  };
  while (i < n) {
    const c = text[i] as string;
    const next = text[i + 1];
    if (c === '/' && (next === '/' || next === '*')) {
      const end = next === '/' ? text.indexOf('\n', i) : text.indexOf('*/', i + 2);
      out.push({ line, text: text.slice(i + 2, end === -1 ? n : end) });
      advance(end === -1 ? n : next === '/' ? end : end + 2);
    } else if (c === '/' && (prev === '' || /[(,=:[!&|?{};+\-*%<>~^]$/.test(prev) || BEFORE_EXPRESSION.has(prev))) {
      let k = i + 1;
      let inClass = false;
      for (; k < n && text[k] !== '\n'; k++) {
        if (text[k] === '\\') k++;
        else if (text[k] === '[') inClass = true;
        else if (text[k] === ']') inClass = false;
        else if (text[k] === '/' && !inClass) break;
      }
      advance(k + 1);
      prev = 'regex';
    } else if (c === "'" || c === '"') {
      let k = i + 1;
      while (k < n && text[k] !== c && text[k] !== '\n') k += text[k] === '\\' ? 2 : 1;
      advance(k + 1);
      prev = c;
    } else if (c === '`') {
      advance(i + 1);
      template();
    } else if (c === '}' && templates.length > 0 && templates[templates.length - 1] === depth - 1) {
      templates.pop();
      depth--;
      advance(i + 1);
      template();
    } else if (/[\w$]/.test(c)) {
      let k = i + 1;
      while (k < n && /[\w$]/.test(text[k] as string)) k++;
      prev = text.slice(i, k);
      advance(k);
    } else {
      if (c === '{') depth++;
      else if (c === '}') depth--;
      if (!/\s/.test(c)) prev = c;
      advance(i + 1);
    }
  }
  return out;
}

/**
 * A path from the repository root: a top folder of the repository, then path characters. Not
 * after a word, `/`, `.`, `-`, `@` or `~`, so a URL (`https://github.com/…/src/x.ts`), a
 * package's files (`node_modules/x/src/y.js`, `netlify-cli/src/commands/deploy/deploy.ts`),
 * `lib/src/…` and `../shared/docs/…` are not taken for the repository's own.
 */
const REPO_PATH = /(?<![\w./@~-])(?:src|test|docs|bench|tools|bin|\.ci|releases)\/[\w.\-/]*/g;

/** After a path, the start of a placeholder or glob (`<host>`, `{a,b}`, `*`, `…`, `${x}`, `[id]`): the path is its folder. */
const PLACEHOLDER = /^[<{*…$[]/;

/**
 * The repository paths `text` names, as written (a trailing `.` ending a sentence dropped; a
 * path cut by a placeholder or glob is its folder: `src/hosts/<host>/adapter.ts` names
 * `src/hosts/`). `releases/` is where operators keep their dumps too, so the docs name
 * releases the repository does not hold (`releases/JASPAR2024/`): only the repository's own
 * files there are taken (`releases/sample/`, `releases/README.md`).
 */
export function namedPaths(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(REPO_PATH)) {
    let path = m[0];
    if (PLACEHOLDER.test(text.slice(m.index + path.length))) path = path.slice(0, path.lastIndexOf('/') + 1);
    path = path.replace(/\.+$/, '');
    if (path.startsWith('releases/') && !/^releases\/(sample|README\.md)(\/|$)/.test(path)) continue;
    out.push(path);
  }
  return out;
}

/** The targets of a Markdown text's relative links (`[text](target)`), anchors dropped; not URLs, not anchors alone. */
export function markdownLinks(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = (m[1] as string).replace(/#.*$/, '');
    if (target === '' || /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('/')) continue;
    out.push(target);
  }
  return out;
}
