/**
 * Reader for SQL dumps (contract §1), `.sql` or gzip-compressed `.sql.gz`, SQLite or MySQL
 * dialect. The file is streamed (read stream → gunzip → streaming UTF-8 decoder → tokenizer →
 * statement parser), so memory holds the kept rows plus one chunk, never the whole dump.
 */
import { open, stat } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { PassThrough, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { UserError } from '../../errors.js';
import { ReadBudget, type ReadLimits } from '../limits.js';
import type { ReadProgress } from '../progress.js';
import { MAX_TOKEN_LENGTH } from './tokens.js';
import type { RawDump } from '../tables.js';
import { SqlDumpReader } from './reader.js';

/**
 * The decompressed chunk a gzipped dump is read in: 64 KiB, as the file is read, rather than
 * zlib's 16 KiB (a chunk is a turn of the stream, decoder and tokenizer; JASPAR 2026 is 11 MB).
 */
const GUNZIP_CHUNK = 64 * 1024;

/** The release name from a dump's file name: `JASPAR2018.sql.gz` → `JASPAR2018`. */
export function releaseName(path: string): string {
  return basename(path)
    .replace(/\.gz$/i, '')
    .replace(/\.sql$/i, '');
}

/**
 * Read a SQL dump into the tables the API needs. gzip is recognised by its magic bytes (1f 8b),
 * whatever the file is called. `shape` says which dialect was detected (see dialect.ts). The kept
 * rows are bounded by `limits` and a set signal stops the read within a chunk (limits.ts).
 * @throws UserError naming file, table, line and text for unreadable, truncated or malformed dumps.
 */
export async function readSqlDump(path: string, progress?: ReadProgress, limits: ReadLimits = {}): Promise<RawDump> {
  const reader = new SqlDumpReader(path, releaseName(path), MAX_TOKEN_LENGTH, new ReadBudget(limits));
  const signal = limits.signal;
  // The reader's own error (a malformed dump) is the one to report: the pipeline then aborts
  // its other stages and may reject with that abort instead.
  let readerError: unknown = null;
  const consume = async (chunks: AsyncIterable<Uint8Array>): Promise<void> => {
    try {
      for await (const chunk of chunks) reader.push(chunk);
    } catch (error) {
      readerError = error;
      throw error;
    }
  };
  try {
    const counter = progress ? await counting(path, progress) : new PassThrough();
    const options = signal === undefined ? {} : { signal };
    if (await isGzip(path))
      await pipeline(createReadStream(path), counter, createGunzip({ chunkSize: GUNZIP_CHUNK }), consume, options);
    else await pipeline(createReadStream(path), counter, consume, options);
  } catch (caught) {
    // Stopped by the signal (SIGTERM): its reason, whatever stage noticed first.
    signal?.throwIfAborted();
    const error = readerError ?? caught;
    if (error instanceof UserError) throw error;
    const code = errorCode(error);
    const message = error instanceof Error ? error.message : String(error);
    if (code?.startsWith('Z_')) {
      const what = code === 'Z_BUF_ERROR' ? 'gzip data is truncated' : 'gzip data is corrupt';
      throw new UserError(`${what} (${message})`, reader.place());
    }
    if (code !== undefined) throw new UserError(`cannot read SQL dump (${message})`, { file: path });
    throw error;
  }
  return reader.end();
}

/**
 * Read a SQL dump from decompressed byte chunks of any size (used by tests to try every chunk
 * boundary). `file` and `name` are what error messages and the RawDump report.
 */
export async function readSqlChunks(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  file: string,
  name = releaseName(file),
): Promise<RawDump> {
  const reader = new SqlDumpReader(file, name);
  for await (const chunk of chunks) reader.push(chunk);
  return reader.end();
}

/** A pass-through stage telling `progress` the bytes read from disk (compressed ones for .sql.gz) against the file's size. */
async function counting(path: string, progress: ReadProgress): Promise<Transform> {
  const total = { files: 1, bytes: (await stat(path)).size };
  let bytes = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      progress({ files: 0, bytes }, total);
      done(null, chunk);
    },
    flush(done) {
      progress({ files: 1, bytes }, total);
      done();
    },
  });
}

async function isGzip(path: string): Promise<boolean> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(path, 'r');
    const { bytesRead, buffer } = await handle.read(Buffer.alloc(2), 0, 2, 0);
    return bytesRead === 2 && buffer[0] === 0x1f && buffer[1] === 0x8b;
  } catch (error) {
    throw new UserError(`cannot read SQL dump (${error instanceof Error ? error.message : String(error)})`, {
      file: path,
    });
  } finally {
    await handle?.close();
  }
}

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}
