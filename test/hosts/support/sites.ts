/**
 * The sample release built twice for the host tests, once per test file: a full build with a
 * trimmed prebuilt set (so requests hit both prebuilt files and assembled pages) and a compact
 * build; each with its deploy folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FORMAT_NAMES } from '../../../src/api/formats.js';
import { build } from '../../../src/build/build.js';
import type { HostTarget } from '../../../src/hosts/targets.js';
import { PROJECT_ROOT } from '../../support/requirements.js';

export const SAMPLE = join(PROJECT_ROOT, 'releases/sample');
export const BASE = 'https://jaspar.example.org';
/** The year the sample is built as, so `release=2016` is its own release. */
export const SAMPLE_YEAR = 2016;

export interface Built {
  readonly site: string;
  readonly deploy: string;
}

export interface SampleSites {
  readonly full: Built;
  readonly compact: Built;
  cleanup(): void;
}

/** Build the sample, full and compact, configured for `targets` (compute hosts for the compact one). */
export async function buildSampleSites(targets: readonly HostTarget[], compactTargets: readonly HostTarget[]): Promise<SampleSites> {
  const root = mkdtempSync(join(tmpdir(), 'jaspar-hosts-'));
  const one = async (name: string, compact: boolean): Promise<Built> => {
    const site = join(root, name);
    const deploy = join(root, `${name}.deploy`);
    await build({
      dump: SAMPLE,
      out: site,
      deployDir: deploy,
      baseUrl: BASE,
      year: SAMPLE_YEAR,
      formats: [...FORMAT_NAMES],
      targets: compact ? compactTargets : targets,
      compact,
      // A few prebuilt variants only: enough for the fast path, the rest assembled.
      pageSizes: [100],
      orderFields: ['name'],
      filterKeys: ['collection', 'tax_group'],
      filterOrders: false,
    });
    return { site, deploy };
  };
  const full = await one('full', false);
  const compact = await one('compact', true);
  return { full, compact, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}
