/**
 * Docs that cannot go stale silently (issue 29): every `jaspar-static` command the README and
 * docs/ show names a command and options the CLI has, with target and format values it accepts,
 * and every `# default: …` written after an option is the CLI's own default.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command, Option } from 'commander';
import { describe, expect, it } from 'vitest';
import { FORMAT_NAMES } from '../src/api/formats.js';
import { program } from '../src/cli/main.js';
import { HOST_TARGETS } from '../src/targets/registry.js';
import { PROJECT_ROOT } from './support/requirements.js';

const DOCS = [
  'README.md',
  'CONTRIBUTING.md',
  ...readdirSync(join(PROJECT_ROOT, 'docs')).map((f) => `docs/${f}`),
  ...readdirSync(join(PROJECT_ROOT, 'docs/guides')).map((f) => `docs/guides/${f}`),
].filter((f) => f.endsWith('.md'));

/** Every `jaspar-static …` invocation in a document (code blocks and inline code), with its line. */
function invocations(text: string): { line: number; words: string[]; comment: string | null }[] {
  const out: { line: number; words: string[]; comment: string | null }[] = [];
  // Shell continuation lines are joined first, so options on the next line count.
  const lines = text.replace(/\\\n\s*/g, ' ').split('\n');
  lines.forEach((raw, i) => {
    for (const code of raw.includes('`') && !raw.startsWith('    ')
      ? [...raw.matchAll(/`([^`]+)`/g)].map((m) => m[1]!)
      : [raw]) {
      const m = /(?:^|\s|&&\s*|npx\s+)(?:jaspar-static|bin\/jaspar-static\.js)\s+([a-z]+)\b(.*)$/.exec(code);
      if (!m) continue;
      const [body, comment] = m[2]!.split(/\s#\s*/, 2) as [string, string | undefined];
      const words = [m[1]!, ...body.split(/\s+/).filter(Boolean)];
      // Stop at the next command of a pipeline or a list.
      const end = words.findIndex((w) => w === '&&' || w === '|' || w === ';');
      out.push({ line: i + 1, words: end === -1 ? words : words.slice(0, end), comment: comment ?? null });
    }
  });
  return out;
}

const cli = program();
const commands = new Map(cli.commands.map((c: Command) => [c.name(), c]));
const optionOf = (cmd: Command, flag: string): Option | undefined =>
  cmd.options.find((o: Option) => o.long === flag || o.short === flag);

describe('the docs show the CLI as it is', () => {
  it('every option and value shown exists, and every default written beside one is the CLI’s', () => {
    const problems: string[] = [];
    let seen = 0;
    for (const doc of DOCS) {
      for (const { line, words, comment } of invocations(readFileSync(join(PROJECT_ROOT, doc), 'utf8'))) {
        const where = `${doc}:${line}`;
        const cmd = commands.get(words[0]!);
        if (!cmd) {
          problems.push(`${where}: no command ${words[0]}`);
          continue;
        }
        seen++;
        let last: Option | undefined;
        for (let i = 1; i < words.length; i++) {
          const word = words[i]!;
          const flag = word.split('=')[0]!;
          if (!/^--?[a-z]/.test(flag) || flag === '--help') continue;
          const opt = optionOf(cmd, flag);
          if (!opt) {
            if (!['--version'].includes(flag)) problems.push(`${where}: ${words[0]} has no option ${flag}`);
            continue;
          }
          last = opt;
          const value = word.includes('=') ? word.split('=')[1]! : words[i + 1];
          const choices = opt.long === '--targets' ? HOST_TARGETS : opt.long === '--formats' ? FORMAT_NAMES : null;
          if (choices && value && !value.startsWith('<') && !value.startsWith('$'))
            for (const v of value.split(','))
              if (v !== 'all' && !(choices as readonly string[]).includes(v))
                problems.push(`${where}: ${opt.long} has no value ${v}`);
        }
        const said = comment === null ? null : /default:\s*(.+)$/.exec(comment)?.[1]?.trim();
        if (said && last) {
          const actual = last.defaultValueDescription ?? JSON.stringify(last.defaultValue);
          const count = { two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9 } as const;
          const n = /all (\w+)/.exec(said)?.[1] as keyof typeof count | undefined;
          if (n !== undefined && last.long === '--targets' && count[n] !== HOST_TARGETS.length)
            problems.push(
              `${where}: says ${last.long} defaults to "${said}"; there are ${HOST_TARGETS.length} targets`,
            );
          else if (n === undefined && !actual.includes(said.split(/\s/)[0]!))
            problems.push(`${where}: says ${last.long} defaults to "${said}"; the CLI's default is ${actual}`);
        }
      }
    }
    expect(problems).toEqual([]);
    // The docs were read: they show the CLI many times.
    expect(seen).toBeGreaterThan(20);
  });

  it('every option the README names in passing is an option of the CLI, with values it accepts', () => {
    const readme = readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8');
    const all = [...commands.values()].flatMap((c) => c.options);
    const problems: string[] = [];
    for (const m of readme.matchAll(/`(--[a-z][a-z-]*)(?:[ =]([^`\s]+))?/g)) {
      const opt = all.find((o: Option) => o.long === m[1]);
      if (!opt) problems.push(`README.md: no option ${m[1]}`);
      const choices = m[1] === '--targets' ? HOST_TARGETS : m[1] === '--formats' ? FORMAT_NAMES : null;
      for (const v of choices && m[2] && !m[2].startsWith('<') ? m[2].split(',') : [])
        if (v !== 'all' && !(choices as readonly string[]).includes(v))
          problems.push(`README.md: ${m[1]} has no value ${v}`);
    }
    expect(problems).toEqual([]);
  });

  it('would catch a stale line (the check on a document made up for it)', () => {
    const made = [
      '```sh',
      'jaspar-static build dump --targets netlify,cloudfront  # default: all four',
      'npx jaspar-static serve dist --prot 8080',
      '```',
    ].join('\n');
    const found = invocations(made);
    expect(found.map((f) => f.words[0])).toEqual(['build', 'serve']);
    expect(optionOf(commands.get('serve')!, '--prot')).toBeUndefined();
    expect(found[0]!.comment).toBe('default: all four');
  });
});
