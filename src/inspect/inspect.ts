/**
 * `jaspar-static inspect`, the analysis: what a dump holds and everything wrong with it. Pure:
 * a RawDump in, a report out. The problems come from the model builder itself, run with a
 * receiver that collects every one instead of stopping at the first, so inspect and build apply
 * exactly the same checks.
 */
import { TABLE_NAMES, type RawDump, type TableName } from '../dump/tables.js';
import { withSqliteTables } from '../download/files.js';
import type { ReleaseExtras } from '../dump/extras/read-extras.js';
import type { Place, Warning } from '../errors.js';
import { buildRelease } from '../model/build-release.js';
import { CollectAll } from '../model/problems.js';
import type { Matrix } from '../model/types.js';
import { DEFAULT_PAGE_SIZE } from '../routes/page-size.js';
import { pageCount } from '../routes/select.js';
import { groupSorted } from '../plan/release-index.js';
import { downloadsReport, type DownloadsReport } from './downloads.js';

/** The build's default --base-url (src/cli/main.ts), which the MEME bundles carry. */
const DEFAULT_DOWNLOAD_BASE_URL = 'http://127.0.0.1:8080';

/** One table of the dump: where it was read from and how many rows it has; null when absent. */
export interface TableReport {
  readonly table: TableName;
  readonly found: { readonly file: string; readonly rows: number } | null;
}

/** One paginated list the site will have, e.g. `collections/CORE`. */
export interface ListReport {
  readonly list: string;
  readonly items: number;
  readonly pages: number;
}

/** A fatal problem: a build stops at the first of these. */
export interface FatalReport {
  readonly message: string;
  readonly place: Place;
  /** The one-line form a build would print. */
  readonly formatted: string;
}

/** Everything inspect found. */
export interface InspectReport {
  readonly shape: string;
  readonly release: string;
  readonly year: number | null;
  readonly tables: readonly TableReport[];
  readonly matrices: number;
  readonly tffms: number;
  /** Collections with their matrix counts, in byte order. */
  readonly collections: readonly { readonly name: string; readonly matrices: number }[];
  /** Pages of each list at the default page size. */
  readonly pageSize: number;
  readonly lists: readonly ListReport[];
  readonly fatal: readonly FatalReport[];
  readonly warnings: readonly Warning[];
  /** The download area a build writes (contract §9); null when the dump has fatal problems (no build would). */
  readonly downloads: DownloadsReport | null;
}

export interface InspectOptions {
  readonly year?: number | null;
  /** The files beside the tables (binding sites, …, the dump file): the download area copies them. */
  readonly extras?: ReleaseExtras;
  /** The address the site would be served from: the MEME bundles carry it (default: the build's). */
  readonly baseUrl?: string;
}

/** How many matrices fall under each key (a matrix may have several), keys in byte order. */
function countBy(matrices: readonly Matrix[], keys: (m: Matrix) => readonly string[]): [string, number][] {
  return [...groupSorted(matrices, keys)].map(([key, ms]) => [key, ms.length]);
}

/** The per-value lists of the API: collections, tax groups (`tax_group` annotation, lower-cased), species. */
const GROUPED_LISTS: readonly { readonly list: string; readonly keys: (m: Matrix) => readonly string[] }[] = [
  { list: 'collections', keys: (m) => [m.collection] },
  {
    list: 'taxon',
    keys: (m) => m.annotations.filter((a) => a.tag === 'tax_group' && a.value !== '').map((a) => a.value.toLowerCase()),
  },
  { list: 'species', keys: (m) => m.species.map((s) => s.taxId) },
];

/** Analyse a dump; never throws for problems in its data (they are in the report). */
export function inspectDump(dump: RawDump, options: InspectOptions = {}): InspectReport {
  const problems = new CollectAll();
  const { release } = buildRelease(dump, {
    year: options.year ?? null,
    problems,
    ...(options.extras ? { extras: options.extras } : {}),
  });
  const fine = problems.fatals.length === 0;
  const size = DEFAULT_PAGE_SIZE;
  const list = (name: string, items: number): ListReport => ({ list: name, items, pages: pageCount(items, size) });
  const lists: ListReport[] = [list('matrix', release.matrices.length), list('tffm', release.tffms.length)];
  for (const g of GROUPED_LISTS)
    for (const [key, n] of countBy(release.matrices, g.keys)) lists.push(list(`${g.list}/${key}`, n));
  return {
    shape: dump.shape,
    release: release.info.name,
    year: release.info.year,
    tables: TABLE_NAMES.map((table) => {
      const t = dump.tables[table];
      return { table, found: t ? { file: t.file, rows: t.rows.length } : null };
    }),
    matrices: release.matrices.length,
    tffms: release.tffms.length,
    collections: countBy(release.matrices, (m) => [m.collection]).map(([name, matrices]) => ({ name, matrices })),
    pageSize: size,
    lists,
    fatal: problems.fatals.map((e) => ({ message: e.message, place: e.place, formatted: e.format() })),
    warnings: problems.warnings,
    downloads: fine
      ? downloadsReport(withSqliteTables(release, dump), options.baseUrl ?? DEFAULT_DOWNLOAD_BASE_URL)
      : null,
  };
}
