/**
 * Site files that are not API responses: the 404 page hosts serve for unknown paths, the
 * landing page and the search box's files (when the build has the HTML format), the sequence
 * logos every matrix record links to, and the TFFM model files a release ships. Yields paths and contents (reading
 * only the release's own files); write-site.ts writes them through the sink.
 */
import { readFileSync } from 'node:fs';
import type { RenderContext } from '../formats/context.js';
import { landingPage } from '../formats/html/landing.js';
import { profileFile, profilePage } from '../formats/html/profile.js';
import { LANDING_FILE } from '../formats/html/runtime-safe/links.js';
import { BROWSABLE_FORMAT } from '../api/formats.js';
import { NOT_PREBUILT } from '../api/errors.js';
import { reverseComplement } from '../logos/geometry.js';
import { logoFile } from '../logos/files.js';
import { logoSvg } from '../logos/svg.js';
import type { ReleaseIndex } from '../plan/release-index.js';
import { routeFile } from '../routes/paths.js';
import type { IndexData } from '../routes/site-data.js';
import { landingFacets } from './facets.js';
import { searchFiles } from './search-files.js';
import { DOWNLOADS_PAGE } from '../download/page.js';
import type { SiteOptions } from './site-options.js';

export interface AssetFile {
  readonly path: string;
  readonly content: string | Uint8Array;
}

/**
 * Every non-API file of the site: 404 page, landing page, search files, TFFM files, each
 * matrix's profile page (`/matrix/<id>/`), forward and reverse-complement logos (a compact build
 * keeps logos in fragment chunks instead).
 * `data` is the runtime's index of the release (the facets' counts and prebuilt selections).
 */
export function* assetFiles(
  index: ReleaseIndex,
  ctx: RenderContext,
  options: SiteOptions,
  data: IndexData,
  /** The folder the files are written under (a release's own copies, `releases/<name>/`), for links to the root's files. */
  root = '',
): Generator<AssetFile> {
  // Hosts that serve one page for every file they lack (Netlify, S3 behind CloudFront): it says why it may be missing.
  yield { path: '404.html', content: NOT_PREBUILT.body };
  // The landing page and the search link to the HTML pages, so they exist only when those do.
  if (options.formats.includes(BROWSABLE_FORMAT)) {
    yield {
      path: LANDING_FILE,
      content: landingPage(
        ctx,
        BROWSABLE_FORMAT,
        landingFacets(data, options, ctx.compact),
        `${'../'.repeat(root.split('/').length - 1)}${DOWNLOADS_PAGE}`,
      ),
    };
    yield* searchFiles(index.release, ctx.compact);
  }
  // TFFM model files shipped with the release, linked from the TFFM details.
  for (const [id, files] of index.release.tffmFiles) {
    for (const [name, path] of files) yield { path: `static/TFFM/${id}/${name}`, content: readFileSync(path) };
  }
  // The web site's profile pages, which MEME's URL lines name: to the browsable detail's file where
  // the build wrote one, else to the API URL that answers it (a compact build or several releases).
  const detailFiles = !ctx.compact && options.formats.includes(BROWSABLE_FORMAT);
  const release = index.release.info.name;
  for (const m of index.release.matrices) {
    const detail = detailFiles
      ? routeFile({ kind: 'detail', resource: 'matrix-detail', params: { id: m.matrixId }, format: BROWSABLE_FORMAT })
      : `api/v1/matrix/${m.matrixId}/?release=${encodeURIComponent(release)}`;
    yield { path: profileFile(m.matrixId), content: profilePage(m, detail, release) };
  }
  if (options.compact) return;
  for (const m of index.release.matrices) {
    yield { path: logoFile(m.matrixId, 'forward'), content: logoSvg(m.pfm) };
    yield { path: logoFile(m.matrixId, 'reverse'), content: logoSvg(reverseComplement(m.pfm)) };
  }
}
