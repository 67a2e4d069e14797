/**
 * Reads a zip's members through its central directory (no ZIP64), for tests that compare a
 * built zip with JASPAR's own or check the writer's fixed fields.
 */
import { inflateRawSync } from 'node:zlib';

export interface ReadMember {
  readonly name: string;
  readonly method: number;
  readonly dosTime: number;
  readonly dosDate: number;
  readonly madeBy: number;
  /** Unix mode (the external attributes' high half). */
  readonly mode: number;
  readonly content: Buffer;
}

export function readZip(zip: Uint8Array): ReadMember[] {
  const buf = Buffer.from(zip);
  const end = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('no end of central directory');
  const count = buf.readUInt16LE(end + 10);
  let at = buf.readUInt32LE(end + 16);
  const out: ReadMember[] = [];
  for (let i = 0; i < count; i++) {
    if (buf.readUInt32LE(at) !== 0x02014b50) throw new Error(`bad central entry at ${at}`);
    const method = buf.readUInt16LE(at + 10);
    const compressed = buf.readUInt32LE(at + 20);
    const nameLength = buf.readUInt16LE(at + 28);
    const extra = buf.readUInt16LE(at + 30);
    const comment = buf.readUInt16LE(at + 32);
    const local = buf.readUInt32LE(at + 42);
    const name = buf.toString('utf8', at + 46, at + 46 + nameLength);
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const data = buf.subarray(start, start + compressed);
    out.push({
      name,
      method,
      dosTime: buf.readUInt16LE(at + 12),
      dosDate: buf.readUInt16LE(at + 14),
      madeBy: buf.readUInt16LE(at + 4),
      mode: buf.readUInt32LE(at + 38) >>> 16,
      content: method === 8 ? inflateRawSync(data) : Buffer.from(data),
    });
    at += 46 + nameLength + extra + comment;
  }
  return out;
}
