import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDump } from '../dump/read-dump.js';
import { readExtras } from '../dump/extras/read-extras.js';
import { FORMAT_NAMES, type FormatName } from '../api/formats.js';
import { HOST_TARGETS, type HostTarget } from '../targets/registry.js';
import { buildRelease } from '../model/build-release.js';
import { MemorySink } from '../output/sink.js';
import { defaultRouteOptions } from '../plan/generate.js';
import { estimateFiles } from './estimate.js';
import { writeSite, type SiteOptions } from './write-site.js';

const SAMPLE = join(import.meta.dirname, '../../releases/sample');
/** Files the estimate may miss besides fragment chunks (none known). */
const SLACK = 2;
/** Where fragment chunk files live (routes/site-data.ts). */
const CHUNK_DIR = '/frag/';

describe('the file estimate progress uses for its ETA', () => {
  const cases: {
    name: string;
    formats: readonly FormatName[];
    targets: readonly HostTarget[];
    pageSizes?: number[];
  }[] = [
    { name: 'every format and host (the default)', formats: FORMAT_NAMES, targets: HOST_TARGETS },
    { name: 'JSON for Netlify (suffix copies)', formats: ['json'], targets: ['netlify'] },
    {
      name: 'text formats for nginx, no page sizes',
      formats: ['jaspar', 'meme', 'bed'],
      targets: ['nginx'],
      pageSizes: [],
    },
  ];
  for (const c of cases) {
    it(`is never above what is written and, but for fragment chunks, at most ${SLACK} files below: ${c.name}`, async () => {
      const { release } = buildRelease(await readDump(SAMPLE), { extras: readExtras(SAMPLE) });
      const defaults = defaultRouteOptions();
      const options: SiteOptions = {
        ...defaults,
        baseUrl: 'https://jaspar.example.org',
        formats: c.formats,
        targets: c.targets,
        pageSizes: c.pageSizes ?? defaults.pageSizes,
        withSites: release.matrices.some((m) => m.sites !== null),
      };
      const site = new MemorySink();
      const written = await writeSite(release, site, options, {}, new MemorySink());
      expect(written).toBe(site.files.size);
      const estimate = estimateFiles(release, options);
      const chunks = [...site.files.keys()].filter((p) => p.includes(CHUNK_DIR)).length;
      expect(chunks).toBeGreaterThan(0);
      expect(
        written - chunks - estimate,
        `estimated ${estimate}, wrote ${written} with ${chunks} chunks`,
      ).toBeGreaterThanOrEqual(0);
      expect(
        written - chunks - estimate,
        `estimated ${estimate}, wrote ${written} with ${chunks} chunks`,
      ).toBeLessThanOrEqual(SLACK);
    });
  }
});
