import { beforeAll, describe, expect, it } from 'vitest';
import { FORMAT_NAMES } from '../api/formats.js';
import { INVALID_PAGE, NOT_FOUND } from '../api/errors.js';
import { RESOURCES } from '../api/resources.js';
import type { Release } from '../model/types.js';
import { MemorySink } from '../output/sink.js';
import { DETAIL_SOURCES } from '../plan/builders.js';
import { defaultRouteOptions, detailRoutes, listRoutes, listVariants } from '../plan/generate.js';
import { routeFile } from '../routes/paths.js';
import { indexRelease } from '../plan/release-index.js';
import { SITE_FILE, type IndexData } from '../routes/site-data.js';
import { sampleRelease } from '../../test/support/sample-release.js';
import { manifestFile } from './manifest.js';
import { ERROR_FILES, siteConfig, writeSite, type SiteOptions } from './write-site.js';

const OPTIONS: SiteOptions = {
  ...defaultRouteOptions(),
  formats: FORMAT_NAMES,
  pageSizes: [100],
  orderFields: ['name'],
  filterKeys: ['collection'],
  withSites: true,
  baseUrl: 'https://jaspar.example.org',
  targets: [],
};

async function written(release: Release, options: SiteOptions): Promise<{ sink: MemorySink; count: number }> {
  const sink = new MemorySink();
  const count = await writeSite(release, sink, options);
  return { sink, count };
}

describe('the site writer on the sample', () => {
  let release: Release;
  let sink: MemorySink;
  let count: number;
  beforeAll(async () => {
    release = await sampleRelease();
    ({ sink, count } = await written(release, OPTIONS));
  });

  it('counts what it writes', () => {
    expect(count).toBe(sink.files.size);
  });

  it('writes a file for every route the generator yields, lists and details', () => {
    const site = siteConfig(release, OPTIONS);
    const index = indexRelease(release);
    const data = JSON.parse(sink.text('_jaspar/index.json')) as IndexData;
    const expected: string[] = [];
    for (const v of listVariants(data, site.prebuilt!))
      for (const r of listRoutes(v, site)) expected.push(routeFile(r));
    for (const resource of RESOURCES) {
      if (resource.kind !== 'detail') continue;
      for (const inst of DETAIL_SOURCES[resource.name].instances(index))
        for (const r of detailRoutes(resource, inst.id, site)) expected.push(routeFile(r));
    }
    expect(expected.length).toBeGreaterThan(1000);
    const missing = expected.filter((p) => !sink.files.has(p));
    // A detail whose renderer has nothing to say (a matrix without sites in `bed`) is the only gap.
    // A response without BED regions has no bed file (contract: `format=bed` is a 404 there);
    // every other route has its file.
    expect(missing.filter((p) => !p.startsWith('files/bed/'))).toEqual([]);
    const bedDetails = [...sink.files.keys()].filter((p) => /^files\/bed\/matrix\/[^/]+\.bed$/.test(p));
    // A matrix with regions, and its base id (every version's regions, contract §8.3).
    const withRegions = release.matrices
      .filter((m) => m.sites?.bed)
      .flatMap((m) => [`files/bed/matrix/${m.matrixId}.bed`, `files/bed/matrix/${m.baseId}.bed`]);
    expect(bedDetails.sort()).toEqual([...new Set(withRegions)].sort());
    expect(withRegions.length).toBeGreaterThan(0);
  });

  it('writes the error bodies, the site configuration and the manifest', () => {
    expect(sink.text(ERROR_FILES['not-found'])).toBe(NOT_FOUND.body);
    expect(sink.text(ERROR_FILES['invalid-page'])).toBe(INVALID_PAGE.body);
    expect(JSON.parse(sink.text(SITE_FILE))).toEqual(JSON.parse(JSON.stringify(siteConfig(release, OPTIONS))));
    const manifest = JSON.parse(sink.text(manifestFile)) as {
      counts: { matrices: number; tffms: number };
      formats: string[];
    };
    expect(manifest.counts).toEqual({ matrices: release.matrices.length, tffms: release.tffms.length });
    expect(manifest.formats).toEqual([...FORMAT_NAMES]);
  });

  it('writes the same bytes twice', async () => {
    const again = await written(release, OPTIONS);
    expect([...again.sink.files.keys()]).toEqual([...sink.files.keys()]);
    for (const [path, data] of sink.files) expect(again.sink.files.get(path), path).toEqual(data);
  });

  it("links a list page of an earlier page's bytes, and makes the same bytes when a sink asks for them", async () => {
    // A sink that links as a disk sink does, keeping the bytes it is offered to check them after.
    const inner = new MemorySink();
    const same: { path: string; earlier: string; data: () => string | Uint8Array }[] = [];
    const linking = {
      write: inner.write.bind(inner),
      writeSame(path: string, earlier: string, data: () => string | Uint8Array) {
        same.push({ path, earlier, data });
        inner.files.set(path, inner.files.get(earlier)!);
      },
    };
    await writeSite(release, linking, OPTIONS);
    const pages = same.filter((s) => s.path.startsWith('files/') && !s.path.includes('/matrix/MA'));
    expect(pages.length).toBeGreaterThan(100);
    for (const s of pages) expect(s.data(), s.path).toEqual(inner.files.get(s.earlier));
    // The same files, with the same bytes, as a sink that is given every byte.
    expect([...inner.files.keys()].sort()).toEqual([...sink.files.keys()].sort());
    for (const [path, data] of sink.files) expect(inner.files.get(path), path).toEqual(data);
  });

  it('writes no pages or details in a compact build, only the runtime data and assets', async () => {
    const compact = await written(release, { ...OPTIONS, compact: true });
    const paths = [...compact.sink.files.keys()];
    expect(paths.some((p) => p.startsWith('files/'))).toBe(false);
    expect(paths).toContain('_jaspar/index.json');
    expect(JSON.parse(compact.sink.text(SITE_FILE)).prebuilt).toBeNull();
  });
});
