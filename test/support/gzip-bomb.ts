/**
 * gzip dumps that expand to gigabytes, written in about a megabyte and a second: the repeated
 * part is compressed once, as one gzip member, and written again and again (a gzip file may hold
 * several members, read as one stream by gunzip and by the SQL reader). Never stored.
 */
import { open } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { TINY_SQL } from '../corpus/dumps.js';

/** Bytes of the block the repeated member holds. */
const BLOCK_BYTES = 16 * 2 ** 20;

export interface Bomb {
  /** Bytes the file expands to. */
  readonly expanded: number;
  /** Bytes of the file itself. */
  readonly stored: number;
}

/** Write `head`, then `unit` repeated until `bytes` are reached, then `tail`, gzip-compressed, to `path`. */
async function writeBomb(path: string, head: string, unit: string, bytes: number, tail: string): Promise<Bomb> {
  const block = Buffer.from(unit.repeat(Math.floor(BLOCK_BYTES / unit.length)));
  const member = gzipSync(block, { level: 9 });
  const times = Math.ceil(bytes / block.length);
  const file = await open(path, 'w');
  try {
    const first = gzipSync(Buffer.from(head));
    const last = gzipSync(Buffer.from(tail));
    await file.write(first);
    for (let i = 0; i < times; i++) await file.write(member);
    await file.write(last);
    return {
      expanded: head.length + times * block.length + tail.length,
      stored: first.length + times * member.length + last.length,
    };
  } finally {
    await file.close();
  }
}

/** A valid dump (TINY_SQL) then one INSERT of `bytes` of valid MATRIX_ANNOTATION rows: every row is kept. */
export const rowsBomb = (path: string, bytes: number): Promise<Bomb> =>
  writeBomb(
    path,
    `${TINY_SQL}\nCREATE TABLE MATRIX_ANNOTATION (ID integer, TAG text, VAL text);\nINSERT INTO MATRIX_ANNOTATION VALUES\n`,
    "(1,'medline','12345678'),\n",
    bytes,
    "(1,'medline','1');\n",
  );

/** A valid dump (TINY_SQL) then `bytes` of whitespace and comments, which the reader skips. */
export const blankBomb = (path: string, bytes: number): Promise<Bomb> =>
  writeBomb(path, `${TINY_SQL}\n`, '   \n-- a comment\n/* another */\t\n', bytes, '\n');
