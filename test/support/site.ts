/**
 * Building a site into the run's scratch folder (per test file, or once per run with
 * sharedSite), and serving it.
 */
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { basename, join } from 'node:path';
import { build, type BuildSummary } from '../../src/site/build.js';
import { FORMAT_NAMES, type FormatName } from '../../src/api/formats.js';
import { COMPACT_TARGETS } from '../../src/targets/registry.js';
import { HOST_TARGETS, type HostTarget } from '../../src/targets/registry.js';
import { startDevServer } from '../../src/server/dev-server.js';
import { PROJECT_ROOT } from './requirements.js';
import { removeTree, tempDir } from './scratch.js';
import { shared } from './shared.js';

export const SAMPLE = join(PROJECT_ROOT, 'releases/sample');
export const BASE = 'https://jaspar.example.org';

export interface BuiltSite {
  dir: string;
  summary: BuildSummary;
  /** Removes a site of one test file; does nothing for a shared site (the run's end removes it). */
  cleanup(): Promise<void>;
}

export interface SiteOptions {
  formats?: FormatName[];
  year?: number;
  baseUrl?: string;
  pageSizes?: number[];
  orderFields?: string[] | null;
  filterKeys?: string[] | null;
  filterOrders?: boolean;
  /** A compact build (no prebuilt pages; docs/runtime.md). */
  compact?: boolean;
  /** Hosts to configure (default: every host; a compact build takes only those that compute). */
  targets?: HostTarget[];
}

/** Build `dump` into `<root>/dist` (its deploy folder: `<root>/dist.deploy`). */
async function buildInto(root: string, dump: string, opts: SiteOptions): Promise<BuildSummary> {
  return build({
    dump,
    baseUrl: opts.baseUrl ?? BASE,
    year: opts.year ?? null,
    formats: opts.formats ?? [...FORMAT_NAMES],
    // A compact build is for the hosts that run the runtime only (the build refuses the others).
    targets: opts.targets ?? (opts.compact ? [...COMPACT_TARGETS] : [...HOST_TARGETS]),
    ...(opts.pageSizes ? { pageSizes: opts.pageSizes } : {}),
    ...(opts.orderFields !== undefined ? { orderFields: opts.orderFields } : {}),
    ...(opts.filterKeys !== undefined ? { filterKeys: opts.filterKeys } : {}),
    ...(opts.filterOrders !== undefined ? { filterOrders: opts.filterOrders } : {}),
    ...(opts.compact !== undefined ? { compact: opts.compact } : {}),
    out: join(root, 'dist'),
  });
}

/** A real release's browsable pages and the JSON they link, and nothing else (html.test.ts, browser-search.test.ts). */
export const JASPAR2016_PAGES: SiteOptions = {
  formats: ['json', 'api'],
  pageSizes: [],
  orderFields: [],
  filterKeys: [],
};

/** A site of this test file's own, in a new scratch folder. */
export async function buildSite(dump: string, opts: SiteOptions = {}): Promise<BuiltSite> {
  const root = await tempDir('site');
  const summary = await buildInto(root, dump, opts);
  return { dir: join(root, 'dist'), summary, cleanup: () => removeTree(root) };
}

/**
 * The site of `dump` with `opts`, built once per test run and shared by every test file
 * that asks for the same dump and options (shared.ts). Read-only: a test that changes files
 * must use {@link buildSite}.
 */
export async function sharedSite(dump: string, opts: SiteOptions = {}): Promise<BuiltSite> {
  const key = createHash('sha256')
    .update(JSON.stringify([dump, opts]))
    .digest('hex')
    .slice(0, 12);
  const { dir, value } = await shared(`site-${basename(dump).replace(/[^A-Za-z0-9._-]/g, '_')}-${key}`, (d) =>
    buildInto(d, dump, opts),
  );
  return { dir: join(dir, 'dist'), summary: value, cleanup: async () => {} };
}

export interface Served {
  origin: string;
  close(): Promise<void>;
}

export async function serve(dir: string): Promise<Served> {
  const server = await startDevServer({ dir, port: 0, host: '127.0.0.1' });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
