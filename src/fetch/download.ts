/**
 * Downloading a release dump: streamed to a temporary name beside the target, hashed on the
 * way, renamed into place only when complete, so a failed or interrupted download leaves no
 * partial file and no folder it made (and any previous copy untouched).
 */
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { UserError } from '../errors.js';
import { describeNetworkError } from './network-errors.js';
import type { Progress } from './progress.js';

export interface DownloadResult {
  readonly path: string;
  readonly bytes: number;
  /** Hex SHA-256 of the file. */
  readonly sha256: string;
}

export interface DownloadOptions {
  readonly progress?: Progress;
  /** Aborts the download (e.g. on SIGINT); the partial file is removed. */
  readonly signal?: AbortSignal;
}

/** Download `url` to the file `dest`. @throws UserError naming the URL on any failure. */
export async function download(url: string, dest: string, options: DownloadOptions = {}): Promise<DownloadResult> {
  // The first folder this download creates (none when the folder exists): removed again on failure.
  let created: string | undefined;
  try {
    created = mkdirSync(dirname(dest), { recursive: true });
  } catch (error) {
    throw new UserError(
      `cannot create the folder to save into (${error instanceof Error ? error.message : String(error)})`,
      { file: dirname(dest) },
    );
  }
  const temp = join(dirname(dest), `.${basename(dest)}.part-${process.pid}-${randomBytes(4).toString('hex')}`);
  const hash = createHash('sha256');
  let received = 0;
  let total: number | null = null;
  try {
    let response: Response;
    try {
      response = await fetch(url, { signal: options.signal, redirect: 'follow' });
    } catch (error) {
      throw describeNetworkError(error, url, 'connect');
    }
    if (!response.ok || response.body === null) {
      throw new UserError(`download failed: the server answered ${response.status} ${response.statusText}`.trimEnd(), {
        file: url,
      });
    }
    const length = Number(response.headers.get('content-length'));
    total = Number.isFinite(length) && length > 0 ? length : null;
    const count = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        hash.update(chunk);
        options.progress?.update(received, total);
        callback(null, chunk);
      },
    });
    try {
      await pipeline(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), count, createWriteStream(temp));
    } catch (error) {
      throw describeNetworkError(error, url, 'read', `after ${received}${total === null ? '' : ` of ${total}`} bytes`);
    }
    if (total !== null && received !== total) {
      throw new UserError(`download cut off after ${received} of ${total} bytes`, { file: url });
    }
    renameSync(temp, dest);
    created = undefined;
    return { path: dest, bytes: received, sha256: hash.digest('hex') };
  } finally {
    options.progress?.done();
    rmSync(temp, { force: true });
    // A failed download leaves nothing it created: not the file, not the folders made for it.
    if (created !== undefined) rmSync(created, { recursive: true, force: true });
  }
}
