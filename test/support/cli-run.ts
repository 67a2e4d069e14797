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
    if (await access(path).then(() => true, () => false)) return true;
    await new Promise((r) => setTimeout(r, 5));
  }
  return false;
}
