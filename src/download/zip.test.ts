import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runOk } from '../../test/support/process.js';
import { command, describeWith } from '../../test/support/requirements.js';
import { removeTree, tempDir } from '../../test/support/scratch.js';
import { readZip } from '../../test/support/zip-read.js';
import { ZIP_TIME, zipArchive, zipMember } from './zip.js';

const long = '>MA0004.1\tArnt\nA  [     4     19 ]\n'.repeat(20);
const members = () => [zipMember('MA0004.1.jaspar', long), zipMember('short.txt', 'x'), zipMember('empty.txt', '')];

describe('zipArchive', () => {
  it('gives the same bytes for the same members', () => {
    expect(Buffer.from(zipArchive(members())).equals(Buffer.from(zipArchive(members())))).toBe(true);
  });

  it('holds each member with its name, content, fixed time and mode, in order', () => {
    const read = readZip(zipArchive(members()));
    expect(read.map((m) => m.name)).toEqual(['MA0004.1.jaspar', 'short.txt', 'empty.txt']);
    expect(read.map((m) => m.content.toString())).toEqual([long, 'x', '']);
    // Deflated when that is smaller, stored otherwise.
    expect(read.map((m) => m.method)).toEqual([8, 0, 0]);
    for (const m of read) {
      expect(m.mode).toBe(0o100644);
      expect([m.dosDate, m.dosTime]).toEqual([ZIP_TIME.date, ZIP_TIME.time]);
      expect(m.madeBy >> 8).toBe(3);
    }
  });
});

describeWith('zipArchive read by Info-ZIP unzip', [command('unzip', ['-v'], 'unzip (Debian unzip)')], () => {
  it('tests clean and extracts each member', async () => {
    const dir = await tempDir('zip');
    try {
      const file = join(dir, 'a.zip');
      await writeFile(file, zipArchive(members()));
      expect((await runOk('unzip', ['-t', file])).stdout).toContain('No errors detected');
      await mkdir(join(dir, 'out'));
      await runOk('unzip', ['-q', file, '-d', join(dir, 'out')]);
      expect(await readFile(join(dir, 'out', 'MA0004.1.jaspar'), 'utf8')).toBe(long);
      expect(await readFile(join(dir, 'out', 'short.txt'), 'utf8')).toBe('x');
    } finally {
      await removeTree(dir);
    }
  });
});
