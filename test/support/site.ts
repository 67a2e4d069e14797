/** Building a site once per test file into a temporary folder, and serving it. */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type BuildSummary } from '../../src/build/build.js';
import { FORMAT_NAMES, type FormatName } from '../../src/api/formats.js';
import { HOST_TARGETS } from '../../src/hosts/targets.js';
import { startDevServer } from '../../src/server/dev-server.js';
import { PROJECT_ROOT } from './requirements.js';

export const SAMPLE = join(PROJECT_ROOT, 'releases/sample');
export const BASE = 'https://jaspar.example.org';

export interface BuiltSite {
  dir: string;
  summary: BuildSummary;
  cleanup(): void;
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
}

export async function buildSite(dump: string, opts: SiteOptions = {}): Promise<BuiltSite> {
  const root = mkdtempSync(join(tmpdir(), 'jaspar-static-test-'));
  const dir = join(root, 'dist');
  const summary = await build({
    dump,
    out: dir,
    baseUrl: opts.baseUrl ?? BASE,
    year: opts.year ?? null,
    formats: opts.formats ?? [...FORMAT_NAMES],
    targets: [...HOST_TARGETS],
    ...(opts.pageSizes ? { pageSizes: opts.pageSizes } : {}),
    ...(opts.orderFields !== undefined ? { orderFields: opts.orderFields } : {}),
    ...(opts.filterKeys !== undefined ? { filterKeys: opts.filterKeys } : {}),
    ...(opts.filterOrders !== undefined ? { filterOrders: opts.filterOrders } : {}),
    ...(opts.compact !== undefined ? { compact: opts.compact } : {}),
  });
  return { dir, summary, cleanup: () => rmSync(root, { recursive: true, force: true }) };
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
