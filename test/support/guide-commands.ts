/**
 * The host guides (docs/guides/<host>.md) as the suite runs them: every ```sh block, in order,
 * its lines joined where a line ends in `\`, comments and blank lines dropped; each command
 * rewritten by the substitutions the test declares as data (what cannot run here: root,
 * system paths, the public URL, the cloud's command lines), then checked: every program a
 * command runs must be one the runner runs as written or a stand-in it provides, else the
 * guide is refused (no command is skipped silently).
 */

export interface GuideCommand {
  /** The section (`## …` heading) the block is in. */
  readonly section: string;
  /** 1-based line of the command in the guide. */
  readonly line: number;
  /** The command as the guide writes it (continuations joined). */
  readonly text: string;
}

/** One rewrite of what cannot run here; `what` is listed in docs/guides/README.md. */
export interface Substitution {
  readonly what: string;
  readonly pattern: RegExp;
  readonly replace: string | ((match: string, ...groups: string[]) => string);
}

/** Every command of every ```sh block of a guide, in order. */
export function guideCommands(markdown: string): GuideCommand[] {
  const out: GuideCommand[] = [];
  const lines = markdown.split('\n');
  let section = '';
  let inSh = false;
  let inOther = false;
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    if (!inSh && !inOther) {
      if (raw.startsWith('## ')) section = raw.slice(3).trim();
      if (/^```sh\s*$/.test(raw)) inSh = true;
      else if (raw.startsWith('```')) inOther = true;
      continue;
    }
    if (raw.startsWith('```')) {
      inSh = inOther = false;
      continue;
    }
    if (inOther) continue;
    const start = i;
    let text = raw;
    while (text.endsWith('\\') && i + 1 < lines.length) text = `${text.slice(0, -1)} ${lines[++i]!.trim()}`;
    const trimmed = text.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    out.push({ section, line: start + 1, text: trimmed });
  }
  return out;
}

/** The sections of a guide, in order. */
export const guideSections = (markdown: string): string[] =>
  [...markdown.matchAll(/^## (.+)$/gm)].map((m) => m[1]!.trim());

/** Apply the substitutions in order; returns the command and the substitutions that applied. */
export function substitute(command: string, subs: readonly Substitution[]): { text: string; applied: string[] } {
  let text = command;
  const applied: string[] = [];
  for (const s of subs) {
    const next = text.replace(s.pattern, s.replace as string);
    if (next !== text) applied.push(s.what);
    text = next;
  }
  return { text, applied };
}

/** Drop a trailing `# comment` (outside quotes). */
function uncommented(command: string): string {
  let quote: string | null = null;
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '#' && (i === 0 || /\s/.test(command[i - 1]!))) return command.slice(0, i);
  }
  return command;
}

/**
 * The programs a command runs: the first word of each part of a list or pipeline and of each
 * `$( … )`, after variable assignments. `npx <tool>` counts as `npx <tool>`.
 */
export function programs(command: string): string[] {
  const body = uncommented(command);
  const parts = [...body.matchAll(/\$\(([^)]*)\)/g)].map((m) => m[1]!);
  parts.push(body.replace(/\$\([^)]*\)/g, 'X'));
  const out: string[] = [];
  for (const part of parts)
    for (const segment of part.split(/&&|\|\||;|\|/)) {
      const words = segment.trim().split(/\s+/).filter(Boolean);
      while (words.length > 0 && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0]!)) words.shift();
      if (words.length === 0) continue;
      const first = words[0]!.replace(/^["']|["']$/g, '');
      out.push(first === 'npx' ? `npx ${words.find((w, i) => i > 0 && !w.startsWith('-')) ?? ''}` : first);
    }
  return out;
}

/** The programs of `commands` the runner does not know: neither run as written nor a stand-in. */
export function unknownPrograms(commands: readonly string[], known: (program: string) => boolean): string[] {
  return [...new Set(commands.flatMap(programs).filter((p) => !known(p)))];
}
