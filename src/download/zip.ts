/**
 * A deterministic ZIP writer (PKWARE APPNOTE 6.3, no ZIP64): the same members give the same
 * bytes. Every member carries one fixed DOS time ({@link ZIP_TIME}) and the mode `-rw-r--r--`,
 * made by "UNIX, version 2.0" as JASPAR's own download zips are; data is deflated with
 * node:zlib at its default level (or stored when deflating does not make it smaller), with no
 * data descriptor, extra fields or comments.
 */
import { crc32, deflateRawSync } from 'node:zlib';

/** One member, prepared once (a matrix's member is shared by every bundle that holds it). */
export interface ZipMember {
  readonly name: string;
  readonly crc: number;
  readonly size: number;
  /** 8 deflate, 0 store. */
  readonly method: 0 | 8;
  readonly data: Uint8Array;
}

/** 1980-01-01 00:00:00, the earliest DOS time: no member says when it was built. */
export const ZIP_TIME = { date: (0 << 9) | (1 << 5) | 1, time: 0 } as const;

const VERSION_MADE_BY = (3 << 8) | 20; // UNIX, 2.0
const VERSION_NEEDED = 20;
const MODE = 0o100644;
const LIMIT = 0xffff_ffff;

/** Compress one member's bytes (deflate unless storing is smaller). */
export function zipMember(name: string, content: string | Uint8Array): ZipMember {
  const raw = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  if (raw.length >= LIMIT) throw new Error(`zip member ${name} is too large for a zip without ZIP64`);
  const deflated = deflateRawSync(raw);
  const method = deflated.length < raw.length ? 8 : 0;
  // Copied out: zlib's result is a view of its 16 KiB output chunk, which a release's thousands
  // of kept members would otherwise each hold (66 MB for JASPAR2026's in one format, issue 46).
  return { name, crc: crc32(raw), size: raw.length, method, data: method === 8 ? new Uint8Array(deflated) : raw };
}

/** The zip of `members`, in the order given. */
export function zipArchive(members: readonly ZipMember[]): Uint8Array {
  if (members.length >= 0xffff) throw new Error(`${members.length} members need ZIP64`);
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const m of members) {
    const name = Buffer.from(m.name, 'utf8');
    // Bit 11: the name is UTF-8 (only said when it is not ASCII, as zip tools do).
    const flags = name.length === m.name.length ? 0 : 0x0800;
    // The local header and the central directory entry share these fields, at `at` in each.
    const shared = (header: Buffer, at: number) => {
      header.writeUInt16LE(VERSION_NEEDED, at);
      header.writeUInt16LE(flags, at + 2);
      header.writeUInt16LE(m.method, at + 4);
      header.writeUInt16LE(ZIP_TIME.time, at + 6);
      header.writeUInt16LE(ZIP_TIME.date, at + 8);
      header.writeUInt32LE(m.crc, at + 10);
      header.writeUInt32LE(m.data.length, at + 14);
      header.writeUInt32LE(m.size, at + 18);
      header.writeUInt16LE(name.length, at + 22);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    shared(local, 4);
    local.writeUInt16LE(0, 28);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(VERSION_MADE_BY, 4);
    shared(entry, 6);
    // Extra field, comment, disk number, internal attributes: none, 0.
    entry.writeUInt32LE((MODE << 16) >>> 0, 38);
    entry.writeUInt32LE(offset, 42);
    parts.push(local, name, m.data);
    central.push(entry, name);
    offset += local.length + name.length + m.data.length;
    if (offset >= LIMIT) throw new Error('zip too large for a zip without ZIP64');
  }
  const size = central.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(members.length, 8);
  end.writeUInt16LE(members.length, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, ...central, end]);
}
