import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 as zlibCrc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { runOk } from '../../test/support/process.js';
import { command, describeWith, PROJECT_ROOT } from '../../test/support/requirements.js';
import { removeTree, tempDir } from '../../test/support/scratch.js';
import { readZip } from '../../test/support/zip-read.js';
import { crc32 } from './crc32.js';
import { combined, individualZip, type DetailAnswer, type SelectionFormat } from './selection.js';

const FORMATS: readonly SelectionFormat[] = ['jaspar', 'meme', 'transfac', 'pfm'];

/** The golden detail answers of MA0101.2, and the same answer under two more ids, as a selection of three. */
function selection(format: SelectionFormat): DetailAnswer[] {
  const text = readFileSync(join(PROJECT_ROOT, 'test/golden', `MA0101.2.${format}`), 'utf8');
  return ['MA0101.2', 'MA0102.1', 'MA0103.3'].map((id) => ({ matrixId: id, text: text.replaceAll('MA0101.2', id) }));
}

describe('combined', () => {
  it('is the detail answers one after another in jaspar, transfac and pfm', () => {
    for (const format of ['jaspar', 'transfac', 'pfm'] as const) {
      const records = selection(format);
      expect(combined(records, format)).toBe(records.map((r) => r.text).join(''));
    }
  });

  it('is, in MEME, the header once and then every answer from its first MOTIF line', () => {
    const records = selection('meme');
    const text = combined(records, 'meme');
    const header = records[0]!.text.slice(0, records[0]!.text.indexOf('MOTIF '));
    expect(header).toMatch(/^MEME version 4\n[\s\S]*Background letter frequencies\nA 0.25 C 0.25 G 0.25 T 0.25\n\n$/);
    expect(text.match(/MEME version/g)).toHaveLength(1);
    expect(text).toBe(header + records.map((r) => r.text.slice(header.length)).join(''));
    expect(text.match(/^MOTIF MA0\d+\.\d /gm)).toEqual(['MOTIF MA0101.2 ', 'MOTIF MA0102.1 ', 'MOTIF MA0103.3 ']);
  });

  it('is empty for no profile', () => {
    for (const format of FORMATS) expect(combined([], format)).toBe('');
  });
});

describe('individualZip', () => {
  it('holds one stored member <matrix_id>.<format> per profile, each the whole detail answer, at a fixed time', () => {
    for (const format of FORMATS) {
      const records = selection(format);
      const read = readZip(individualZip(records, format));
      expect(read.map((m) => m.name)).toEqual(records.map((r) => `${r.matrixId}.${format}`));
      expect(read.map((m) => m.content.toString('utf8'))).toEqual(records.map((r) => r.text));
      for (const m of read) {
        expect(m.method).toBe(0);
        expect([m.dosDate, m.dosTime]).toEqual([(0 << 9) | (1 << 5) | 1, 0]);
        expect(m.mode).toBe(0o100644);
        expect(m.madeBy >> 8).toBe(3);
      }
    }
    // MEME members keep their header.
    expect(
      readZip(individualZip(selection('meme'), 'meme')).every((m) =>
        m.content.toString().startsWith('MEME version 4\n'),
      ),
    ).toBe(true);
  });

  it('gives the same bytes for the same selection, and refuses a profile picked twice', () => {
    const records = selection('jaspar');
    expect(individualZip(records, 'jaspar')).toEqual(individualZip(records, 'jaspar'));
    expect(() => individualZip([...records, records[0]!], 'jaspar')).toThrow(
      'MA0101.2.jaspar is in the selection twice',
    );
  });

  it('computes the CRC-32 zlib does', () => {
    const bytes = new TextEncoder().encode('MOTIF MA0101.2 Arkin::Bexl ☃\n'.repeat(50));
    for (const n of [0, 1, 7, 100, bytes.length])
      expect(crc32(bytes.subarray(0, n))).toBe(zlibCrc32(bytes.subarray(0, n)));
  });
});

describeWith('individualZip read by Info-ZIP unzip', [command('unzip', ['-v'], 'unzip (Debian unzip)')], () => {
  it('tests clean (every CRC checked) and extracts each member', async () => {
    const dir = await tempDir('selection-zip');
    try {
      const file = join(dir, 'selection.zip');
      const records = selection('meme');
      await writeFile(file, individualZip([...records, { matrixId: 'MA0104.1', text: 'ünïcode ☃\n' }], 'meme'));
      expect((await runOk('unzip', ['-t', file])).stdout).toContain('No errors detected');
      await mkdir(join(dir, 'out'));
      await runOk('unzip', ['-q', file, '-d', join(dir, 'out')]);
      for (const r of records) expect(readFileSync(join(dir, 'out', `${r.matrixId}.meme`), 'utf8')).toBe(r.text);
      expect(readFileSync(join(dir, 'out', 'MA0104.1.meme'), 'utf8')).toBe('ünïcode ☃\n');
    } finally {
      await removeTree(dir);
    }
  });
});
