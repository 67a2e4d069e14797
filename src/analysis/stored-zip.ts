/**
 * A deterministic zip made in the page (PKWARE APPNOTE 6.3, no ZIP64): members stored, not
 * compressed (the browser has no deflate to call synchronously, and a selection is small), with
 * the fields of the download area's zips (src/download/zip.ts, which deflates with node:zlib):
 * one fixed DOS time, 1980-01-01 00:00, mode `-rw-r--r--` made by "UNIX, version 2.0", no data
 * descriptor, extra field or comment. The same members give the same bytes.
 */
import { crc32 } from './crc32.js';

export interface StoredMember {
  readonly name: string;
  readonly text: string;
}

const DOS_DATE = (0 << 9) | (1 << 5) | 1; // 1980-01-01
const DOS_TIME = 0;
const VERSION_MADE_BY = (3 << 8) | 20; // UNIX, 2.0
const VERSION_NEEDED = 20;
const MODE = 0o100644;
const LIMIT = 0xffff_ffff;

/** The zip of `members`, in the order given (UTF-8 text; a name outside ASCII is flagged UTF-8). */
export function storedZip(members: readonly StoredMember[]): Uint8Array {
  if (members.length >= 0xffff) throw new Error(`${members.length} members need ZIP64`);
  const utf8 = new TextEncoder();
  const prepared = members.map((m) => {
    const name = utf8.encode(m.name);
    const data = utf8.encode(m.text);
    return { name, data, crc: crc32(data), flags: name.length === m.name.length ? 0 : 0x0800 };
  });
  const localSize = prepared.reduce((n, m) => n + 30 + m.name.length + m.data.length, 0);
  const centralSize = prepared.reduce((n, m) => n + 46 + m.name.length, 0);
  if (localSize + centralSize >= LIMIT) throw new Error('zip too large for a zip without ZIP64');
  const out = new Uint8Array(localSize + centralSize + 22);
  const view = new DataView(out.buffer);
  let at = 0;
  let centralAt = localSize;
  const u16 = (pos: number, v: number) => view.setUint16(pos, v, true);
  const u32 = (pos: number, v: number) => view.setUint32(pos, v >>> 0, true);
  for (const m of prepared) {
    // The fields the local header and the central entry share, at `pos` in each.
    const shared = (pos: number) => {
      u16(pos, VERSION_NEEDED);
      u16(pos + 2, m.flags);
      u16(pos + 4, 0); // stored
      u16(pos + 6, DOS_TIME);
      u16(pos + 8, DOS_DATE);
      u32(pos + 10, m.crc);
      u32(pos + 14, m.data.length);
      u32(pos + 18, m.data.length);
      u16(pos + 22, m.name.length);
    };
    u32(centralAt, 0x02014b50);
    u16(centralAt + 4, VERSION_MADE_BY);
    shared(centralAt + 6);
    // Extra field, comment, disk number and internal attributes stay 0.
    u32(centralAt + 38, MODE << 16);
    u32(centralAt + 42, at);
    out.set(m.name, centralAt + 46);
    centralAt += 46 + m.name.length;
    u32(at, 0x04034b50);
    shared(at + 4);
    out.set(m.name, at + 30);
    out.set(m.data, at + 30 + m.name.length);
    at += 30 + m.name.length + m.data.length;
  }
  u32(centralAt, 0x06054b50);
  u16(centralAt + 8, members.length);
  u16(centralAt + 10, members.length);
  u32(centralAt + 12, centralSize);
  u32(centralAt + 16, localSize);
  return out;
}
