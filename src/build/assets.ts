/**
 * Site files that are not API responses: the 404 page hosts serve for unknown paths, and (as
 * they are added) the landing page, sequence logos and other static files. Pure: yields paths
 * and contents; write-site.ts writes them through the sink.
 */
import type { RenderContext } from '../formats/context.js';
import { ERROR_BODIES } from '../routes/paths.js';
import type { ReleaseIndex } from '../routes/release-index.js';
import type { RouteOptions } from '../routes/generate.js';

export interface AssetFile {
  readonly path: string;
  readonly content: string | Uint8Array;
}

export function* assetFiles(_index: ReleaseIndex, _ctx: RenderContext, _options: RouteOptions): Generator<AssetFile> {
  // Hosts that serve one page for every unknown path (Netlify, the S3 website) get the API's 404 body.
  yield { path: '404.html', content: ERROR_BODIES['not-found'] };
}
