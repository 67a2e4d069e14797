import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { UserError } from '../errors.js';
import { lockOutput, lockPathFor } from './lock.js';

const dirs: string[] = [];
const fresh = () => {
  const d = mkdtempSync(join(tmpdir(), 'jaspar-lock-'));
  dirs.push(d);
  return join(d, 'dist');
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function deadPid(): Promise<number> {
  const child = spawn('true');
  await new Promise((r) => child.once('exit', r));
  return child.pid as number;
}

const owner = (pid: number, boot: string | null) =>
  JSON.stringify({
    pid,
    host: hostname(),
    boot,
    started: '2026-01-01T00:00:00.000Z',
    token: 'feedfeed',
    command: 'jaspar-static build',
  });

describe('the output lock', () => {
  it('is a file beside the target, removed on release, and only by its owner', () => {
    const out = fresh();
    const lock = lockOutput(out);
    expect(lock.path).toBe(lockPathFor(out));
    expect(JSON.parse(readFileSync(lock.path, 'utf8')).pid).toBe(process.pid);
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
    const second = lockOutput(out);
    lock.release(); // a stale handle must not remove the new owner's lock
    expect(existsSync(second.path)).toBe(true);
    second.release();
  });

  it('refuses a second build while the first is alive, naming it', () => {
    const out = fresh();
    const lock = lockOutput(out);
    try {
      expect(() => lockOutput(out)).toThrow(UserError);
      expect(() => lockOutput(out)).toThrow(
        new RegExp(`another build is writing this site \\(pid ${process.pid} on ${hostname()}, started \\d{4}-`),
      );
    } finally {
      lock.release();
    }
  });

  it('takes over the lock of a dead process, or of a live one whose pid was reused, and says so', async () => {
    const out = fresh();
    const dead = await deadPid();
    for (const [pid, boot] of [
      [dead, null],
      [process.pid, 'not-our-start-time'],
    ] as const) {
      writeFileSync(lockPathFor(out), owner(pid, boot));
      const log: string[] = [];
      const lock = lockOutput(out, (l) => log.push(l));
      expect(log).toEqual([
        `removed the lock of a build that is no longer running (pid ${pid} on ${hostname()}, started 2026-01-01T00:00:00.000Z: jaspar-static build)`,
      ]);
      lock.release();
    }
  });

  it('refuses a lock from another machine, telling which file to delete', () => {
    const out = fresh();
    writeFileSync(
      lockPathFor(out),
      JSON.stringify({ pid: 1, host: 'elsewhere', boot: null, started: 'x', token: 't', command: '' }),
    );
    expect(() => lockOutput(out)).toThrow(
      `another build may be writing this site (pid 1 on elsewhere, started x); if none runs there, delete ${lockPathFor(out)}`,
    );
  });
});
