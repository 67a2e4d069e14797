/**
 * Running jaspar-static: in-process through `main` with stdout and stderr captured, or as a child
 * process from the sources (vite-node, as vitest runs them; no compile step), optionally on a
 * pseudo-terminal through util-linux `script`.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { vi } from 'vitest';
import { main } from '../../src/cli/main.js';
import { PROJECT_ROOT } from './requirements.js';

export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** `jaspar-static ...args` in this process; output captured, not printed. */
export async function runMain(args: readonly string[]): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((s) => ((stdout += String(s)), true));
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((s) => ((stderr += String(s)), true));
  try {
    const code = await main(['node', 'jaspar-static', ...args]);
    return { code, stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

/** One piece of a child's output and when it arrived (ms since the start). */
export interface Chunk {
  readonly stream: 'stdout' | 'stderr';
  readonly text: string;
  readonly at: number;
}

export interface ChildResult extends CliResult {
  readonly chunks: readonly Chunk[];
}

const VITE_NODE = join(PROJECT_ROOT, 'node_modules/vite-node/vite-node.mjs');
const ENTRY = join(PROJECT_ROOT, 'test/support/cli-entry.ts');

const shellQuote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * `jaspar-static ...args` as a child process. With `tty`, it runs under `script -qfec` so its
 * stdout and stderr are a terminal (both then arrive merged on stdout, with CR LF line ends).
 */
export function runChild(args: readonly string[], options: { tty?: boolean } = {}): Promise<ChildResult> {
  const argv = [process.execPath, VITE_NODE, ENTRY, ...args];
  const child = options.tty
    ? spawn('script', ['-qfec', argv.map(shellQuote).join(' '), '/dev/null'], { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
    : spawn(argv[0] as string, argv.slice(1), { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const started = performance.now();
  const chunks: Chunk[] = [];
  child.stdout.on('data', (d: Buffer) => chunks.push({ stream: 'stdout', text: d.toString('utf8'), at: performance.now() - started }));
  child.stderr.on('data', (d: Buffer) => chunks.push({ stream: 'stderr', text: d.toString('utf8'), at: performance.now() - started }));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      const text = (stream: Chunk['stream']) => chunks.filter((c) => c.stream === stream).map((c) => c.text).join('');
      resolve({ code, stdout: text('stdout'), stderr: text('stderr'), chunks });
    });
  });
}
