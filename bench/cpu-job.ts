/**
 * The CPU-bound job bench:hosts measures beside (issue 47): a real server has other work, so
 * the hosts are measured quiet and again with one busy process per core, started and stopped by
 * the benchmark itself. Each process spins on arithmetic, never sleeping, never touching the disk.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';

/** The job's code: a loop with a result, so no engine may drop it. */
const SPIN =
  'let x = 0; for (;;) { for (let i = 0; i < 1e7; i++) x = (x * 31 + i) | 0; if (x === 42) console.log(x); }';

/** One busy process per core (`cores`, default every core); the returned function stops them. */
export function startCpuJob(cores: number = availableParallelism()): () => void {
  const children: ChildProcess[] = [];
  for (let i = 0; i < cores; i++) children.push(spawn(process.execPath, ['-e', SPIN], { stdio: 'ignore' }));
  return () => {
    for (const child of children) if (child.exitCode === null && !child.killed) child.kill('SIGKILL');
  };
}
