/**
 * Child processes for tests, never blocking the test worker: a blocked worker cannot answer
 * vitest's RPC, which gives up after 60 s (`Timeout calling "onTaskUpdate"`), and on a busy
 * machine a child that takes 20 s quiet takes a minute. Use these instead of spawnSync/execSync.
 */
import { execFile, spawn, type SpawnOptions } from 'node:child_process';

export interface Ran {
  /** Exit code, or null when ended by a signal. */
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface RunOptions extends Pick<SpawnOptions, 'cwd' | 'env' | 'uid' | 'gid'> {
  /** Written to the child's standard input, which is then closed. */
  readonly input?: string;
  /** Kill the child (SIGKILL) after this long; default 10 minutes. */
  readonly timeoutMs?: number;
}

/** Run `cmd args` to completion; resolves with its exit and output (rejects only if it cannot start). */
export function run(cmd: string, args: readonly string[], options: RunOptions = {}): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const { input, timeoutMs = 600_000, ...spawnOptions } = options;
    const child = spawn(cmd, args, { ...spawnOptions, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout?.on('data', (c: Buffer) => out.push(c));
    child.stderr?.on('data', (c: Buffer) => err.push(c));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({
        code,
        signal,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
      });
    });
    child.stdin?.on('error', () => {});
    child.stdin?.end(input);
  });
}

/** Like {@link run}, but rejects with the output unless the child exits 0. */
export async function runOk(cmd: string, args: readonly string[], options: RunOptions = {}): Promise<Ran> {
  const r = await run(cmd, args, options);
  if (r.code !== 0)
    throw new Error(
      `${cmd} ${args.join(' ').slice(0, 200)} exited ${r.code ?? r.signal}:\n${r.stderr.slice(-4000)}${r.stdout.slice(-2000)}`,
    );
  return r;
}

/** Whether a process with this pid exists (EPERM: it exists but is not ours). */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Remove a folder tree (gone already is fine) without blocking the worker, with rm(1): rmSync of
 * a site takes seconds on a disk, and Node's recursive removal, sync or not, takes several times
 * rm's time over the run's hundreds of thousands of files. globalSetup's teardown uses it, and
 * scratch.ts re-exports it for the tests.
 */
export const removeTree = (path: string): Promise<void> =>
  new Promise((resolve, reject) => {
    execFile('rm', ['-rf', '--', path], (err) => (err ? reject(err) : resolve()));
  });
