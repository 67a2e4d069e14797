/**
 * How many files a build will write, known before it writes any, so progress can show a real
 * ETA. Walks the pure route generator (no rendering) and adds what write-site.ts and assets.ts
 * write besides responses, host files in the site included (their number does not depend on
 * the suffix copies their content lists). A format that needs binding sites (bed) exists only
 * where one of the response's matrices has regions, as its renderer decides. Leaves out the
 * fragment chunk files (their number depends on the rendered sizes), so it is a little low
 * (docs/progress.md); a test holds it to that.
 */
import { rowSlice } from '../routes/rows.js';
import { downloadPlaces, type DownloadPlace } from '../download/files.js';
import { downloadFileCount, downloadFolders, downloadShape } from '../download/write.js';
import { portalFileCount } from './portal-files.js';
import { BROWSABLE_FORMAT, formatSpec, type FormatName } from '../api/formats.js';
import { RESOURCES } from '../api/resources.js';
import { hasBed } from '../formats/bed.js';
import { SEARCH_FILES } from '../formats/html/runtime-safe/search-box.js';
import { DOCUMENT_FILES } from './openapi/docs-page.js';
import { DEFAULT_DEPLOY_FROM_SITE, DEFAULT_SITE_FROM_DEPLOY } from '../hosting/adapter.js';
import { hostFiles, NEEDS_SUFFIX_ALIASES } from '../targets/registry.js';
import type { Matrix, Release } from '../model/types.js';
import { DETAIL_SOURCES } from '../plan/builders.js';
import { detailRoutes, listRoutes, listVariants, type ListVariant } from '../plan/generate.js';
import { suffixAliasFile } from '../routes/paths.js';
import { factsOf, indexRelease, type ReleaseFacts } from '../plan/release-index.js';
import { effectivePageSize, type PageRef } from '../routes/route.js';
import { pageCount } from '../routes/select.js';
import { indexData } from '../plan/index-data.js';
import type { SiteOptions } from './site-options.js';
import { ERROR_FILES, siteConfig } from './write-site.js';

/** Logos per matrix: the forward and the reverse-complement strand. */
const LOGOS_PER_MATRIX = 2;
/** The site configuration, the release index and the manifest. */
const DATA_FILES = 3;

const needsSites = (format: FormatName): boolean => formatSpec(format).needs === 'sites';

/** Whether one page of a matrix list holds a matrix with binding sites. */
function pageHasBed(variant: ListVariant, page: PageRef, matrices: readonly Matrix[]): boolean {
  const size = effectivePageSize(variant.pageSize);
  const n = page === 'last' ? pageCount(variant.items.length, size) : page;
  return hasBed(rowSlice(variant.items, (n - 1) * size, n * size).map((i) => matrices[i]!));
}

/** What the estimate of a release needs of the site it is one of. */
export interface EstimateSite {
  /** Every release of the site, newest first. */
  readonly served: readonly ReleaseFacts[];
  /** The release's position in `served`: 0, the newest, also writes the site's own pages. */
  readonly position: number;
  /** Its download area's place (download/files.ts). */
  readonly place: DownloadPlace;
  /** The folders of the whole download area, each listed by a page. */
  readonly downloadFolders: number;
}

/** The estimate's site of `release` alone. */
export function aloneSite(release: Release): EstimateSite {
  const place = downloadPlaces([release])[0]!;
  const shape = downloadShape(release, place.prefix);
  return { served: [factsOf(release)], position: 0, place, downloadFolders: downloadFolders([{ place, shape }]).size };
}

/** The number of files `writeSite` will put in the site for `release` in `site` (see the module comment). */
export function estimateFiles(release: Release, options: SiteOptions, site: EstimateSite = aloneSite(release)): number {
  const newest = site.position === 0;
  // Each release's folder holds every served release's record (release-detail).
  const index = indexRelease(release, site.served);
  const config = siteConfig(release, options);
  let files = DATA_FILES;
  if (config.prebuilt !== null) {
    const ms = release.matrices;
    for (const variant of listVariants({ ...indexData(index), chunks: {} }, config.prebuilt)) {
      for (const route of listRoutes(variant, config)) {
        if (!needsSites(route.format) || pageHasBed(variant, route.page, ms)) files++;
      }
    }
    const aliases = options.targets.some((t) => NEEDS_SUFFIX_ALIASES.has(t));
    for (const r of RESOURCES) {
      if (r.kind !== 'detail') continue;
      const source = DETAIL_SOURCES[r.name] as (typeof DETAIL_SOURCES)['matrix-detail'];
      for (const inst of source.instances(index)) {
        for (const route of detailRoutes(r, inst.id, config)) {
          if (needsSites(route.format) && !hasBed(source.matrices(inst.item) ?? [])) continue;
          files += aliases && suffixAliasFile(route) !== null ? 2 : 1;
        }
      }
    }
    files += Object.keys(ERROR_FILES).length + LOGOS_PER_MATRIX * release.matrices.length;
  }
  // The web site (src/portal/), written in compact builds too: whole for the newest release, profile pages for the others.
  files += portalFileCount(release, newest);
  const notFoundPage = 1;
  // The landing page and the search box's files come with the browsable format (assets.ts).
  const landingPage = options.formats.includes(BROWSABLE_FORMAT) ? 1 + Object.keys(SEARCH_FILES).length : 0;
  let tffmFiles = 0;
  for (const names of release.tffmFiles.values()) tffmFiles += names.size;
  const inSite = hostFiles(options.targets, config, {
    aliases: [],
    siteFromDeploy: DEFAULT_SITE_FROM_DEPLOY,
    deployFromSite: DEFAULT_DEPLOY_FROM_SITE,
    runtimeData: new Map(),
  }).filter((f) => f.place !== 'deploy').length;
  const downloads = downloadFileCount(release, site.place, newest ? site.downloadFolders : null);
  return files + notFoundPage + landingPage + DOCUMENT_FILES + tffmFiles + inSite + downloads;
}
