/**
 * How many files a build will write, known before it writes any, so progress can show a real
 * ETA. Walks the pure route generator (no rendering) and adds what write-site.ts and assets.ts
 * write besides responses. A format that needs binding sites (bed) exists only where one of the
 * response's matrices has regions, as its renderer decides. Exact except for the few host
 * configuration files written into the site (docs/progress.md); a test holds it to that.
 */
import { hasBed } from '../formats/bed.js';
import { renderHtml } from '../formats/html/render.js';
import { FORMATS, formatSpec, type FormatName } from '../formats/table.js';
import { NEEDS_SUFFIX_ALIASES } from '../hosts/targets.js';
import type { Matrix, Release } from '../model/types.js';
import { detailInstances, detailRoutes, listRoutes, listVariants, pageCount, type ListVariant } from '../routes/generate.js';
import { ERROR_FILES, suffixAliasFile } from '../routes/paths.js';
import { indexRelease } from '../routes/release-index.js';
import { effectivePageSize, type PageRef } from '../routes/route.js';
import type { SiteOptions } from './write-site.js';

/** Logos per matrix: the forward and the reverse-complement strand. */
const LOGOS_PER_MATRIX = 2;

const needsSites = (format: FormatName): boolean => formatSpec(format)?.needs === 'sites';

/** The matrices on one page of a list variant. */
function pageMatrices(variant: ListVariant, page: PageRef): Matrix[] {
  const size = effectivePageSize(variant.pageSize);
  const n = page === 'last' ? pageCount(variant.items.length, size) : page;
  const out: Matrix[] = [];
  for (const item of variant.items.slice((n - 1) * size, n * size)) {
    const m = variant.resource.matrixOf(item);
    if (m) out.push(m);
  }
  return out;
}

/** The number of files `writeSite` will put in the site for `release` (see the module comment). */
export function estimateFiles(release: Release, options: SiteOptions): number {
  const index = indexRelease(release);
  const writeAliases = options.targets.some((t) => NEEDS_SUFFIX_ALIASES.has(t));
  let files = 0;
  for (const variant of listVariants(index, options)) {
    for (const route of listRoutes(variant, options)) {
      if (!needsSites(route.format) || hasBed(pageMatrices(variant, route.page))) files++;
    }
  }
  for (const { resource, params, item } of detailInstances(index)) {
    for (const route of detailRoutes(resource, params, options)) {
      if (needsSites(route.format) && !hasBed(resource.matricesOf(item, index) ?? [])) continue;
      files += writeAliases && suffixAliasFile(route) !== null ? 2 : 1;
    }
  }
  files += Object.keys(ERROR_FILES).length;
  const html = FORMATS.some((f) => f.render === renderHtml && options.formats.includes(f.name));
  const notFoundPage = 1;
  const landingPage = html ? 1 : 0;
  let tffmFiles = 0;
  for (const names of release.tffmFiles.values()) tffmFiles += names.size;
  const manifest = 1;
  return files + notFoundPage + landingPage + tffmFiles + LOGOS_PER_MATRIX * release.matrices.length + manifest;
}
