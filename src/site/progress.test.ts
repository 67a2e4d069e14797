import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findTableFiles } from '../dump/flat/files.js';
import { HOST_TARGETS } from '../targets/registry.js';
import { build, type BuildSummary } from './build.js';
import type { BuildEvent } from './progress.js';

const SAMPLE = join(import.meta.dirname, '../../releases/sample');

describe('the events a build sends', () => {
  const root = mkdtempSync(join(tmpdir(), 'jaspar-static-events-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const events: BuildEvent[] = [];
  let summary: BuildSummary;
  const built = (async () => {
    summary = await build({
      dump: SAMPLE,
      out: join(root, 'dist'),
      baseUrl: 'https://jaspar.example.org',
      formats: ['json'],
      targets: [...HOST_TARGETS],
      events: (e) => events.push(e),
    });
  })();

  it('come in phase order: read (then what was read), write, swap', async () => {
    await built;
    const steps = events
      .map((e) => (e.type === 'read' ? 'read summary' : `${e.type} ${e.phase}`))
      .filter((s, i, all) => s !== all[i - 1]);
    expect(steps).toEqual([
      'phase-start read',
      'progress read',
      'phase-end read',
      'read summary',
      'phase-start write',
      'progress write',
      'phase-end write',
      'phase-start swap',
      'phase-end swap',
    ]);
  });

  it('tell the read summary before anything is written, with what the summary says', async () => {
    await built;
    const read = events.find((e) => e.type === 'read');
    expect(read?.type === 'read' && read.summary).toEqual({
      shape: summary.shape,
      release: summary.release,
      year: summary.year,
      yearFrom: summary.yearFrom,
      matrices: 34,
      tffms: 23,
      warnings: summary.warnings,
      readSeconds: summary.readSeconds,
      notServed: [],
    });
  });

  it('read: every table file and byte of the dump, counted up to the total', async () => {
    await built;
    const files = [...findTableFiles(SAMPLE).values()];
    const total = { files: files.length, bytes: files.reduce((n, f) => n + statSync(f.path).size, 0) };
    const progress = events.flatMap((e) => (e.type === 'progress' && e.phase === 'read' ? [e] : []));
    expect(progress.map((e) => e.done.files)).toEqual(files.map((_, i) => i + 1));
    expect(progress.at(-1)).toMatchObject({ done: total, total });
    expect(events.find((e) => e.type === 'phase-end' && e.phase === 'read')).toMatchObject({ done: total });
  });

  it('write: an estimated total up front, files and bytes growing every 500 files, then what was written', async () => {
    await built;
    const start = events.find((e) => e.type === 'phase-start' && e.phase === 'write');
    const estimate = start?.type === 'phase-start' ? (start.total?.files ?? 0) : 0;
    expect(summary.files - estimate).toBeGreaterThanOrEqual(0);
    // Low by the fragment chunk files only (a few per list kind and format; estimate.test.ts counts them).
    expect(summary.files - estimate).toBeLessThanOrEqual(Math.ceil(summary.files / 100));
    const progress = events.flatMap((e) => (e.type === 'progress' && e.phase === 'write' ? [e.done] : []));
    expect(progress.map((d) => d.files)).toEqual(
      Array.from({ length: Math.floor(summary.files / 500) }, (_, i) => (i + 1) * 500),
    );
    expect(progress.every((d, i) => d.bytes > 0 && d.bytes >= (progress[i - 1]?.bytes ?? 0))).toBe(true);
    const written = { files: summary.files, bytes: summary.bytes };
    expect(
      events.filter((e) => e.type === 'phase-end' && e.phase !== 'read').map((e) => e.type === 'phase-end' && e.done),
    ).toEqual([written, written]);
  });
});
