/**
 * The sample release built for the host tests, once per test file and kind: a full build with a
 * trimmed prebuilt set (so requests hit both prebuilt files and assembled pages), or a compact
 * build; each with its deploy folder.
 */
import { cpSync, existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { FORMAT_NAMES, type FormatName } from '../../../src/api/formats.js';
import { SHIPPED_FOLDERS } from '../../../src/dump/extras/shipped.js';
import { sqlDumpText } from '../../../src/dump/export/sql-text.js';
import { readFlatDump } from '../../../src/dump/flat/read-flat.js';
import type { ClientRequest } from '../../../src/check/types.js';
import { build } from '../../../src/site/build.js';
import type { HostTarget } from '../../../src/targets/registry.js';
import { loadFlatFiles, type OracleDb } from '../../support/oracle-db.js';
import { PROJECT_ROOT } from '../../support/requirements.js';
import { removeTree, tempDir } from '../../support/scratch.js';
import { shared } from '../../support/shared.js';

export const SAMPLE = join(PROJECT_ROOT, 'releases/sample');
export const BASE = 'https://jaspar.example.org';
/** The year the sample is built as, so `release=2016` is its own release. */
export const SAMPLE_YEAR = 2016;

export interface BuiltSample {
  readonly site: string;
  readonly deploy: string;
  /** Remove the build (the run's scratch folder goes at the end anyway). */
  cleanup(): Promise<void>;
}

/** How a sample is built otherwise (a broken deployment's site): another base URL, another year. */
export interface SampleChanges {
  readonly baseUrl?: string;
  readonly year?: number;
  /** A subset of the formats (`--formats`); default every format. */
  readonly formats?: readonly FormatName[];
  /** Another dump of the sample (e.g. its tables as an SQL dump); default the sample's folder. */
  readonly dump?: string;
}

/** The formats of a site of some formats (`--formats json,meme`, issue 36 defect 1). */
export const SOME_FORMATS: readonly FormatName[] = ['json', 'meme'];

/**
 * DRF's order on a site without TRANSFAC (built with {@link SOME_FORMATS}, or the guides'
 * `json,meme,api`), as a host that reads Accept answers: negotiation before lookup, so an unknown
 * id asked for a format the site lacks is 406, as a known one is; asked for one it has, 404.
 */
export const NEGOTIATED_FIRST: readonly (readonly [ClientRequest, number])[] = [
  [{ method: 'GET', target: '/api/v1/matrix/MA9999.1/', accept: 'text/transfac' }, 406],
  [{ method: 'GET', target: '/api/v1/matrix/MA0101.2/', accept: 'text/transfac' }, 406],
  [{ method: 'GET', target: '/api/v1/matrix/MA9999.1/', accept: 'text/meme' }, 404],
];

/** Build the sample (full or compact) for `targets` into a temporary folder, with its deploy folder. */
export async function buildSample(
  targets: readonly HostTarget[],
  compact: boolean,
  changes: SampleChanges = {},
): Promise<BuiltSample> {
  // In the run's scratch folder (tmpfs where there is room): on a disk, writing and removing a
  // sample site costs about twice the CPU and several times the time.
  const root = await tempDir('hosts');
  const site = join(root, 'site');
  const deploy = join(root, 'site.deploy');
  const cleanup = () => removeTree(root);
  try {
    await build({
      dump: changes.dump ?? SAMPLE,
      out: site,
      deployDir: deploy,
      baseUrl: changes.baseUrl ?? BASE,
      year: changes.year ?? SAMPLE_YEAR,
      formats: [...(changes.formats ?? FORMAT_NAMES)],
      targets,
      compact,
      // A few prebuilt variants only: enough for the fast path, the rest assembled.
      pageSizes: [100],
      orderFields: ['name'],
      filterKeys: ['collection', 'tax_group'],
      filterOrders: false,
    });
  } catch (err) {
    await cleanup();
    throw err;
  }
  return { site, deploy, cleanup };
}

/**
 * The sample's tables as a gzipped SQL dump, the kind of file JASPAR publishes (`JASPAR2016.sql.gz`),
 * with the folders the sample ships beside it: a build from it has the whole download area
 * (contract §9), the `.sql.gz` and its `Content-Encoding` included, which a build from the
 * folder of tables has not. Written once per test run (shared.ts), read only.
 */
export async function sampleSqlDump(): Promise<string> {
  const name = `JASPAR${SAMPLE_YEAR}.sql.gz`;
  const { dir } = await shared('sample-sql-dump', async (d) => {
    await writeFile(join(d, name), gzipSync(sqlDumpText(await readFlatDump(SAMPLE), 'sqlite')));
    for (const folder of SHIPPED_FOLDERS)
      if (existsSync(join(SAMPLE, folder))) cpSync(join(SAMPLE, folder), join(d, folder), { recursive: true });
    return name;
  });
  return join(dir, name);
}

let oracle: Promise<OracleDb> | undefined;

/** The SQLite oracle over the sample's tables (test/support/oracle-db.ts), loaded once per test file. */
export function sampleOracle(): Promise<OracleDb> {
  oracle ??= loadFlatFiles(SAMPLE);
  return oracle;
}
