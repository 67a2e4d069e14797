/** The sample release built into memory (no disk), for the host adapters' unit tests. */
import { fileURLToPath } from 'node:url';
import { FORMAT_NAMES } from '../../src/api/formats.js';
import { writeSite, siteConfig, type SiteOptions } from '../../src/site/write-site.js';
import { readExtras } from '../../src/dump/extras/read-extras.js';
import { readDump } from '../../src/dump/read-dump.js';
import { buildRelease } from '../../src/model/build-release.js';
import { MemorySink } from '../../src/output/sink.js';
import { defaultRouteOptions } from '../../src/plan/generate.js';
import type { SiteConfig } from '../../src/routes/site-data.js';
import type { HostTarget } from '../../src/targets/registry.js';

export const SAMPLE_DUMP = fileURLToPath(new URL('../../releases/sample', import.meta.url));
export const SAMPLE_BASE = 'https://jaspar.example.org';
/** The year the tests give the sample (it has none of its own), so `release=2016` is served. */
export const SAMPLE_YEAR = 2016;

export interface MemorySite {
  readonly site: SiteConfig;
  /** Site files by path (no leading slash). */
  readonly files: ReadonlyMap<string, string | Uint8Array>;
}

/** The sample built with every format, the default prebuilt set and `targets`. */
export async function memorySample(targets: readonly HostTarget[] = []): Promise<MemorySite> {
  const { release } = buildRelease(await readDump(SAMPLE_DUMP), { year: SAMPLE_YEAR, extras: readExtras(SAMPLE_DUMP) });
  const options: SiteOptions = {
    ...defaultRouteOptions(),
    formats: [...FORMAT_NAMES],
    baseUrl: SAMPLE_BASE,
    targets,
    withSites: release.matrices.some((m) => m.sites !== null),
  };
  const sink = new MemorySink();
  const deploy = new MemorySink();
  await writeSite(release, sink, options, {}, deploy);
  return {
    site: siteConfig(release, options),
    files: new Map([...sink.files, ...[...deploy.files].map(([k, v]) => [`#deploy/${k}`, v] as const)]),
  };
}
