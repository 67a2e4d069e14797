/**
 * A file given in parts (nginx's preloaded data: every release's data files, too large to be
 * one string in a site of many releases, issue 46), written part after part and compared on
 * the way with the previous tree's file at its path; equal, the previous file is hard-linked in
 * its place, as the disk sink does for every other file (sink.ts).
 */
import { closeSync, fstatSync, linkSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';

/** What writing a file in parts did: its size, and whether it is the previous file (linked), another, or new. */
export interface PartsWritten {
  readonly size: number;
  readonly previous: 'none' | 'linked' | 'differs';
}

/** A file descriptor of `path` open for reading, or null when it is not a file. */
function openIfFile(path: string): number | null {
  try {
    const fd = openSync(path, 'r');
    if (fstatSync(fd).isFile()) return fd;
    closeSync(fd);
  } catch {
    // Missing (or not readable): nothing to compare with.
  }
  return null;
}

/** Write `parts` at `abs` (with `mode`), compared with `prev` (the previous tree's file, or null). */
export function writeParts(
  abs: string,
  prev: string | null,
  parts: Iterable<string>,
  mode: number | undefined,
): PartsWritten {
  const old = prev === null ? null : openIfFile(prev);
  let same = old !== null && (mode === undefined || (fstatSync(old).mode & 0o777) === mode);
  let size = 0;
  const fd = openSync(abs, 'w', mode ?? 0o666);
  try {
    for (const part of parts) {
      const buf = Buffer.from(part, 'utf8');
      for (let at = 0; at < buf.length; ) at += writeSync(fd, buf, at);
      if (same && old !== null) {
        const was = Buffer.alloc(buf.length);
        same = readSync(old, was, 0, buf.length, size) === buf.length && was.equals(buf);
      }
      size += buf.length;
    }
    if (old !== null) same &&= fstatSync(old).size === size;
  } finally {
    closeSync(fd);
    if (old !== null) closeSync(old);
  }
  if (old === null) return { size, previous: 'none' };
  if (same && prev !== null) {
    // Linked beside it, then renamed over it: when the link fails, the bytes written stay.
    const link = `${abs}.link`;
    try {
      linkSync(prev, link);
      renameSync(link, abs);
      return { size, previous: 'linked' };
    } catch {
      rmSync(link, { force: true });
    }
  }
  return { size, previous: 'differs' };
}
