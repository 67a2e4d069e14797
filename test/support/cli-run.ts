/** Running the compiled CLI (cli.ts) as a child process, to completion or in the background. */
import { spawn, type ChildProcess } from 'node:child_process';
import { access } from 'node:fs/promises';
import { compiledCli } from './cli.js';
import { run, type Ran, type RunOptions } from './process.js';

/** `jaspar-static …args` to completion. */
export async function cli(args: readonly string[], options: RunOptions = {}): Promise<Ran> {
  return run(process.execPath, [await compiledCli(), ...args], options);
}

export interface Background {
  readonly child: ChildProcess;
  /** Resolves when the child has exited, with its code (null when a signal ended it). */
  readonly exited: Promise<number | null>;
  stderr(): string;
}

/** `jaspar-static …args` started in the background. */
export async function cliInBackground(args: readonly string[]): Promise<Background> {
  const child = spawn(process.execPath, [await compiledCli(), ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, stderr: () => stderr };
}

/** Wait (polling, bounded) until `path` exists; false if `stop()` says to give up first. */
export async function waitForPath(path: string, stop: () => boolean, timeoutMs = 120_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !stop()) {
    if (
      await access(path).then(
        () => true,
        () => false,
      )
    )
      return true;
    await new Promise((r) => setTimeout(r, 5));
  }
  return false;
}

/** One piece of a child's output and when it arrived (ms since the start). */
export interface Chunk {
  readonly stream: 'stdout' | 'stderr';
  readonly text: string;
  readonly at: number;
}

export interface TimedRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly chunks: readonly Chunk[];
}

const shellQuote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * `jaspar-static …args` to completion, keeping when each piece of output arrived. With `tty`, it
 * runs under util-linux `script -qfec` so its stdout and stderr are a terminal (both then arrive
 * merged on stdout, with CR LF line ends).
 */
export async function cliTimed(args: readonly string[], options: { tty?: boolean } = {}): Promise<TimedRun> {
  const argv = [process.execPath, await compiledCli(), ...args];
  const child = options.tty
    ? spawn('script', ['-qfec', argv.map(shellQuote).join(' '), '/dev/null'], { stdio: ['ignore', 'pipe', 'pipe'] })
    : spawn(argv[0] as string, argv.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
  const started = performance.now();
  const chunks: Chunk[] = [];
  child.stdout.on('data', (d: Buffer) =>
    chunks.push({ stream: 'stdout', text: d.toString('utf8'), at: performance.now() - started }),
  );
  child.stderr.on('data', (d: Buffer) =>
    chunks.push({ stream: 'stderr', text: d.toString('utf8'), at: performance.now() - started }),
  );
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      const text = (stream: Chunk['stream']) =>
        chunks
          .filter((c) => c.stream === stream)
          .map((c) => c.text)
          .join('');
      resolve({ code, stdout: text('stdout'), stderr: text('stderr'), chunks });
    });
  });
}
