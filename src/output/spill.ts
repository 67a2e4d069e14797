/**
 * Values set aside on disk while a build runs: the models of the releases a site of several
 * releases has surveyed and will write later (issue 46: one model in memory at a time, and no
 * dump parsed twice). Each is serialized with V8's structured serializer (a release is plain
 * data: objects, arrays, Maps, Sets, typed arrays) into a file of a folder beside the target,
 * named as a staging folder is (swap.ts), so that a build killed meanwhile leaves nothing the next
 * build does not remove (stale.ts). The folder is made with the first value and removed by
 * {@link Spill.remove}.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { stagingPrefix } from './swap.js';

export class Spill {
  private readonly dir: string;
  private made = false;

  /** Beside `target` (the site folder the build writes). */
  constructor(target: string) {
    const abs = resolve(target);
    this.dir = join(dirname(abs), `${stagingPrefix(abs)}${process.pid}-${randomBytes(4).toString('hex')}`);
  }

  /** `value` set aside under `key` (a value of that key before is replaced). */
  put(key: number, value: unknown): void {
    if (!this.made) mkdirSync(this.dir, { recursive: true });
    this.made = true;
    writeFileSync(this.file(key), serialize(value));
  }

  /** The value set aside under `key`, and its file removed: each is taken once. */
  take<T>(key: number): T {
    const file = this.file(key);
    const value = deserialize(readFileSync(file)) as T;
    rmSync(file);
    return value;
  }

  /** The folder and whatever is left in it. */
  async remove(): Promise<void> {
    if (this.made) await rm(this.dir, { recursive: true, force: true });
    this.made = false;
  }

  private file(key: number): string {
    return join(this.dir, `${key}.v8`);
  }
}
