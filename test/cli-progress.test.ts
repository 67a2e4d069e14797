/**
 * Progress while the build works, from a real `jaspar-static build` child process: on a terminal
 * (a pseudo-terminal from util-linux `script`; the CLI compiled once per run) a bar per phase redrawn in place; in a log (pipes)
 * plain lines during the build, here every 0.2 s (`--progress-interval`) rather than slowing the
 * build down; the read summary as soon as reading ends, before writing starts.
 */
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { cliTimed } from './support/cli-run.js';
import { command, describeWith } from './support/requirements.js';
import { tempDirSync } from './support/scratch.js';
import { SAMPLE } from './support/site.js';

const root = tempDirSync('progress');
/** The sample in JSON for every host: ~6,000 files, a few seconds. */
const build = (out: string, ...more: string[]) => [
  'build',
  SAMPLE,
  '--out',
  join(root, out),
  '--formats',
  'json',
  ...more,
];
const counts = (re: RegExp, text: string) =>
  [...text.matchAll(re)].map((m) => Number((m[1] ?? '').replaceAll(',', '')));

describeWith(
  'progress on a terminal',
  [command('script', ['--version'], 'util-linux script (pseudo-terminal)')],
  () => {
    it('draws a bar per phase with files, MB and an ETA, redrawn in place', async () => {
      const r = await cliTimed(build('tty'), { tty: true });
      expect(r.code, r.stdout).toBe(0);
      const screen = r.stdout;
      for (const phase of ['read ', 'write', 'swap ']) expect(screen).toContain(`\x1b[1G${phase} \u2588`);
      // Several states of the write bar, drawn over each other (cursor to column 1, clear to the right).
      const states = counts(
        /\x1b\[1Gwrite [\u2588\u2591]+ \d+% \| ([\d,]+)\/~[\d,]+ files, [\d.]+ MB \| [^|]+ \| ETA /g,
        screen,
      );
      expect(states.length, screen).toBeGreaterThanOrEqual(2);
      expect(states).toEqual([...states].sort((a, b) => a - b));
      expect(new Set(states).size).toBeGreaterThanOrEqual(2);
      expect(screen).toMatch(/\x1b\[1Gwrite \u2588+ 100% \| [\d,]+ files, [\d.]+ MB \| [^|]+\x1b\[0K/);
      // The read summary is printed between the read bar and the write bar.
      const readLine = screen.indexOf('read flat-file tables: sample');
      expect(readLine).toBeGreaterThan(screen.indexOf('\x1b[1Gread '));
      expect(readLine).toBeLessThan(screen.indexOf('\x1b[1Gwrite'));
      expect(screen).toContain('wrote ');
    });
  },
);

it('in a log: plain progress lines on stderr during the build, the summaries on stdout', async () => {
  const r = await cliTimed(build('log', '--progress-interval', '0.02'));
  expect(r.code, r.stderr).toBe(0);
  expect(r.stderr).not.toMatch(/[\u2588\x1b\r]/);
  const lines = r.stderr.split('\n');
  const progress = lines.filter((l) => /^write: [\d,]+\/~[\d,]+ files, [\d.]+ MB \(\d+%\), [\d.ms ]+, ETA /.test(l));
  expect(progress.length, r.stderr).toBeGreaterThanOrEqual(2);
  const files = counts(/^write: ([\d,]+)\//gm, r.stderr);
  expect(files).toEqual([...files].sort((a, b) => a - b));
  expect(lines).toContainEqual(expect.stringMatching(/^write: done, [\d,]+ files, [\d.]+ MB in /));
  expect(lines).toContainEqual(expect.stringMatching(/^swap: done, /));
  // During the build: the first progress line arrived well before the final summary, and the
  // read summary before the first progress line.
  const at = (stream: 'stdout' | 'stderr', text: string) =>
    r.chunks.find((c) => c.stream === stream && c.text.includes(text))?.at ?? NaN;
  const firstProgress = at('stderr', progress[0] as string);
  expect(at('stdout', 'read flat-file tables')).toBeLessThan(firstProgress);
  expect(firstProgress).toBeLessThan(at('stdout', 'wrote '));
  const out = r.stdout.split('\n');
  expect(out).toHaveLength(7);
  [
    /^read flat-file tables: sample /,
    /^1 warning\(s\):$/,
    /^ {2}warning: /,
    /^wrote [\d,]+ files, /,
    /^[\d,]+ files changed \([\d,]+ added, 0 modified, 0 removed\), 0 unchanged$/,
    /^host configuration /,
    /^$/,
  ].forEach((re, i) => expect(out[i]).toMatch(re));
});
