/**
 * Site files that are not API responses: the 404 page hosts serve for unknown paths, the
 * landing page and the search box's files (when the build has the HTML format), the sequence
 * logos every matrix record links to, and the TFFM model files a release ships. Yields paths and contents (reading
 * only the release's own files); write-site.ts writes them through the sink.
 */
import { readFileSync } from 'node:fs';
import type { RenderContext } from '../formats/context.js';
import { landingPage } from '../formats/html/landing.js';
import { LANDING_FILE } from '../formats/html/runtime-safe/links.js';
import { BROWSABLE_FORMAT } from '../api/formats.js';
import { NOT_PREBUILT } from '../api/errors.js';
import { reverseComplement } from '../logos/geometry.js';
import { logoFile } from '../logos/files.js';
import { logoSvg } from '../logos/svg.js';
import type { ReleaseIndex } from '../plan/release-index.js';
import type { IndexData } from '../routes/site-data.js';
import { landingFacets } from './facets.js';
import { searchFiles } from './search-files.js';
import { DOWNLOADS_PATH, pageFile } from '../portal/paths.js';
import type { SiteOptions } from './site-options.js';

export interface AssetFile {
  readonly path: string;
  readonly content: string | Uint8Array;
}

/**
 * Every non-API file of the site: 404 page, the API's landing page, search files, TFFM files,
 * forward and reverse-complement logos (a compact build keeps logos in fragment chunks instead).
 * The web site's pages are portal-files.ts's.
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
        `${'../'.repeat(root.split('/').length)}${pageFile(DOWNLOADS_PATH)}`,
      ),
    };
    yield* searchFiles(index.release, ctx.compact);
  }
  // TFFM model files shipped with the release, linked from the TFFM details.
  for (const [id, files] of index.release.tffmFiles) {
    for (const [name, path] of files) yield { path: `static/TFFM/${id}/${name}`, content: readFileSync(path) };
  }
  if (options.compact) return;
  for (const m of index.release.matrices) {
    yield { path: logoFile(m.matrixId, 'forward'), content: logoSvg(m.pfm) };
    yield { path: logoFile(m.matrixId, 'reverse'), content: logoSvg(reverseComplement(m.pfm)) };
  }
}
