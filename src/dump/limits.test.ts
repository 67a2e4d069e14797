import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UserError } from '../errors.js';
import { exportAllShapes } from './export/shapes.js';
import { readFlatDump } from './flat/read-flat.js';
import { readDump } from './read-dump.js';

const SAMPLE = join(import.meta.dirname, '../../releases/sample');
const sample = await readFlatDump(SAMPLE);

describe('every dump shape reads within its limits', () => {
  const root = mkdtempSync(join(tmpdir(), 'jaspar-static-read-limits-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const shapes = exportAllShapes(sample, root, 'JASPAR2020');

  for (const shape of shapes) {
    it(`${shape.label}: past the memory bound, one error naming the file, table, row and the limit`, async () => {
      // The sample's rows take about 0.4 MiB.
      await expect(readDump(shape.path, undefined, { maxMiB: 1 })).resolves.toBeDefined();
      const error = await readDump(shape.path, undefined, { maxMiB: 0.1 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UserError);
      const { message, place } = error as UserError;
      expect(message).toBe(
        'the tables the API reads take more than the 0.1 MiB of memory a read may use (--max-read-mib raises it; JASPAR 2026 takes about 41 MiB)',
      );
      expect(place.file).toContain(shape.path);
      expect(place.table).toMatch(/^[A-Z_]+$/);
      expect(place.line).toBeGreaterThan(0);
    });

    it(`${shape.label}: a set signal stops the read with its reason`, async () => {
      const controller = new AbortController();
      controller.abort();
      const error = await readDump(shape.path, undefined, { signal: controller.signal }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).name).toBe('AbortError');
    });
  }
});
