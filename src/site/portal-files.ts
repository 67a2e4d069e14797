/**
 * The web site's files for the site's newest release (contract §10, src/portal/): home, search,
 * collections, profile pages with their versions, logo and sites pages, the cart, the analysis
 * page, the informational and tool pages, the old addresses' forwarding pages, the data script
 * the pages read and the site's script, bundled from src/portal/client/ by esbuild (the same
 * sources give the same bytes). The download pages follow the download area (download-pages).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CODE_ROOT } from '../code-root.js';
import { BROWSABLE_FORMAT, type FormatName } from '../api/formats.js';
import { bundleFile, type BundleSource } from '../hosting/edge/bundle.js';
import type { Matrix, Release } from '../model/types.js';
import { targetPath } from '../formats/html/runtime-safe/links.js';
import { formatApplies } from '../routes/applies.js';
import { analysisPage } from '../portal/analysis.js';
import { cartPage } from '../portal/cart.js';
import { collectionPage } from '../portal/collection.js';
import { DATA_FILE, facetsOf, portalData, portalDataScript, rowOf } from '../portal/data.js';
import { forwardPage } from '../portal/forward.js';
import { homePage } from '../portal/home.js';
import { externalToolPage, infoPage } from '../portal/info.js';
import { logoPage } from '../portal/logo-page.js';
import {
  ANALYSIS_PATH,
  CART_PATH,
  collectionPath,
  EXTERNAL_TOOL_PAGES,
  HOME_PATH,
  INFO_PAGES,
  logoPagePath,
  OLD_LINK_PATHS,
  pageFile,
  profilePath,
  SEARCH_PATH,
  sitesPath,
  versionsPath,
} from '../portal/paths.js';
import { profilePage, type ProfileLinks } from '../portal/profile.js';
import { recordScript, recordScriptFile } from '../portal/records.js';
import { searchPage } from '../portal/search-page.js';
import { sortRows } from '../portal/search.js';
import { SCRIPT_FILE } from '../portal/shell.js';
import { sitesPage } from '../portal/sites.js';
import { versionsPage } from '../portal/versions.js';
import type { Tffm } from '../model/types.js';
import type { PortalRow } from '../portal/rows.js';

export interface PortalFile {
  readonly path: string;
  readonly content: string;
}

export interface PortalOptions {
  readonly baseUrl: string;
  readonly formats: readonly FormatName[];
  readonly withSites: boolean;
  readonly compact: boolean;
}

/** What the site's script is bundled from: its TypeScript sources (under vitest) or their compiled form (the CLI in lib/). */
export function siteScriptSource(): BundleSource {
  const dir = join(CODE_ROOT, 'portal', 'client');
  const file = ['main.ts', 'main.js'].map((f) => join(dir, f)).find((f) => existsSync(f));
  if (file === undefined) throw new Error(`the site's script is missing from ${dir}`);
  return { file, platform: 'modern' };
}

/** The site's script. */
function siteScript(): string {
  const { file, platform } = siteScriptSource();
  return bundleFile(file, { platform, entry: 'the site script', footer: '' });
}

/**
 * Collections are linked by JASPAR in lower case (`/collection/core/`, `/collection/polII/`,
 * and the view upper-cases): each collection's page is written under its own name and its lower-case one.
 */
const collectionNames = (name: string): string[] => [
  ...new Set([name, name.toLowerCase(), name === 'POLII' ? 'polII' : name]),
];

/**
 * Every page and script of the site for `release`; `whole` false (an older release of a site of
 * several): only its profiles' own pages, for the ids MEME files of that release name.
 */
export function* portalFiles(
  release: Release,
  options: PortalOptions,
  tffms: ReadonlyMap<string, Tffm>,
  whole = true,
): Generator<PortalFile> {
  const name = release.info.name;
  const rows = release.matrices.map(rowOf);
  if (whole) yield* sitePages(release, options, rows);
  yield* profileFiles(release, options, tffms, rows);
  if (!whole) return;
  yield* recordFiles(release, options);
  const rowById = new Map(rows.map((r) => [r[0], r]));
  for (const [baseId, ids] of versionsOf(rows))
    yield {
      path: pageFile(versionsPath(baseId)),
      content: versionsPage(
        name,
        baseId,
        ids.map((id) => rowById.get(id)!),
      ),
    };
}

/** Matrix ids by base id, versions ascending. */
function versionsOf(rows: readonly PortalRow[]): Map<string, string[]> {
  const versions = new Map<string, string[]>();
  for (const r of sortRows(rows)) versions.set(r[1], [...(versions.get(r[1]) ?? []), r[0]]);
  return versions;
}

/** The files per profile: its page, logo page and sites page. */
export const FILES_PER_PROFILE = 3;

/**
 * The analysis page's record scripts (records.ts), a few profiles each; only the newest release's,
 * the one whose profiles the analysis page picks (its rows say which).
 */
function* recordFiles(release: Release, options: PortalOptions): Generator<PortalFile> {
  const shards = new Map<string, Matrix[]>();
  for (const m of release.matrices) {
    const file = recordScriptFile(m.matrixId);
    const shard = shards.get(file);
    if (shard) shard.push(m);
    else shards.set(file, [m]);
  }
  for (const [path, matrices] of shards)
    yield { path, content: recordScript(matrices, { baseUrl: options.baseUrl, year: release.info.year }) };
}

/** How many files {@link portalFiles} yields (the download pages are counted with the download area). */
export function portalFileCount(release: Release, whole = true): number {
  const perMatrix = FILES_PER_PROFILE * release.matrices.length;
  if (!whole) return perMatrix;
  const collections = facetsOf(release).collections.reduce((n, c) => n + collectionNames(c).length, 0);
  const bases = new Set(release.matrices.map((m) => m.baseId)).size;
  return (
    SITE_PAGES +
    collections +
    INFO_PAGES.length -
    1 +
    EXTERNAL_TOOL_PAGES.length +
    OLD_LINK_PATHS.length +
    perMatrix +
    bases +
    new Set(release.matrices.map((m) => recordScriptFile(m.matrixId))).size
  );
}

/** The data script, the site script, home, search, cart and analysis. */
const SITE_PAGES = 6;

function* sitePages(release: Release, options: PortalOptions, rows: readonly PortalRow[]): Generator<PortalFile> {
  const name = release.info.name;
  const facets = facetsOf(release);
  const perCollection = new Map<string, number>();
  for (const m of release.matrices) perCollection.set(m.collection, (perCollection.get(m.collection) ?? 0) + 1);
  yield { path: DATA_FILE, content: portalDataScript(portalData(release)) };
  yield { path: SCRIPT_FILE, content: siteScript() };
  yield {
    path: pageFile(HOME_PATH),
    content: homePage(name, facets, { matrices: release.matrices.length, tffms: release.tffms.length, perCollection }),
  };
  yield { path: pageFile(SEARCH_PATH), content: searchPage(name, facets) };
  yield { path: pageFile(CART_PATH), content: cartPage(name) };
  yield { path: pageFile(ANALYSIS_PATH), content: analysisPage(name) };
  for (const c of facets.collections) {
    const page = collectionPage(name, c, rows);
    for (const alias of collectionNames(c)) yield { path: pageFile(collectionPath(alias)), content: page };
  }
  const infoFacts = {
    release: name,
    matrices: release.matrices.length,
    tffms: release.tffms.length,
    collections: facets.collections,
    formats: options.formats,
  };
  for (const page of INFO_PAGES)
    if (page !== 'api') yield { path: pageFile(`${page}/`), content: infoPage(page, infoFacts) };
  for (const page of EXTERNAL_TOOL_PAGES) yield { path: pageFile(`${page}/`), content: externalToolPage(page, name) };
  for (const old of OLD_LINK_PATHS) yield { path: pageFile(old), content: forwardPage(old, name) };
}

function* profileFiles(
  release: Release,
  options: PortalOptions,
  tffms: ReadonlyMap<string, Tffm>,
  rows: readonly PortalRow[],
): Generator<PortalFile> {
  const name = release.info.name;
  const versions = versionsOf(rows);
  const site = { formats: options.formats, withSites: options.withSites };
  const href = (resource: 'matrix-detail' | 'tffm-detail', id: string, format: FormatName) =>
    targetPath({ route: { kind: 'detail', resource, params: { id }, format } }, options.compact);
  const tffmFormat: FormatName | null = options.formats.includes(BROWSABLE_FORMAT)
    ? BROWSABLE_FORMAT
    : options.formats.includes('json')
      ? 'json'
      : null;
  for (const m of release.matrices) {
    const tffm = tffms.get(m.matrixId);
    const links: ProfileLinks = {
      versions: versions.get(m.baseId) ?? [m.matrixId],
      tffm: tffm && tffmFormat ? { id: tffm.tffmId, href: href('tffm-detail', tffm.tffmId, tffmFormat) } : null,
      downloads: options.formats
        .filter(
          (f) => formatApplies(f, { hasMatrices: true }, site) && (f !== 'bed' || (m.sites?.bed ?? null) !== null),
        )
        .map((f) => ({ format: f, href: href('matrix-detail', m.matrixId, f) })),
    };
    yield { path: pageFile(profilePath(m.matrixId)), content: profilePage(m, links, name) };
    yield { path: pageFile(logoPagePath(m.matrixId)), content: logoPage(name, m.matrixId, m.name) };
    yield { path: pageFile(sitesPath(m.matrixId)), content: sitesPage(name, m) };
  }
}
