/**
 * A detail request: the detail's file in a full build (both tiers), or, in a compact build
 * (compute tier only), its body from the fragment chunks. Runtime-safe subset.
 */
import { NOT_FOUND, unavailableHere } from '../api/errors.js';
import { detailSource, formatSpec, takesCallback } from '../api/formats.js';
import type { DetailDescriptor } from '../api/resources.js';
import { isSafeSegment } from '../segments.js';
import { routeFile } from '../routes/paths.js';
import type { DetailRoute } from '../routes/route.js';
import { answered, apiHeaders, bodyAnswer, errorAnswer, type Step } from './answer.js';
import { detailFromMatrices, wrapDetail } from './assemble.js';
import { detailPosition, fragments, newNeeds, releaseIndex } from './data.js';
import type { Ctx } from './context.js';
import { jsonpCallback } from '../routes/params.js';
import { DEFAULT_CALLBACK } from '../routes/request.js';
import { detailKind, recordKind, type IndexData } from '../routes/site-data.js';

export function resolveDetail(ctx: Ctx, detail: DetailDescriptor): Step {
  const site = ctx.site;
  const id = ctx.request.id;
  const format = ctx.request.format;
  const release = ctx.request.release;
  const options = ctx.options;
  const mediaType = formatSpec(format).mediaType;
  const hasId = detail.segments.indexOf(':id') !== -1;
  if (hasId && !isSafeSegment(id)) return answered(errorAnswer(NOT_FOUND));
  // Validated at the door (resolve.ts); rules mode has refused any name but the default.
  const callback = jsonpCallback(ctx.request.params) ?? DEFAULT_CALLBACK;
  if (site.prebuilt !== null) {
    const route: DetailRoute = {
      kind: 'detail',
      resource: detail.name as DetailRoute['resource'],
      params: hasId ? { id } : {},
      format,
    };
    const file = `${release.root}${routeFile(route)}`;
    // The prebuilt JSONP detail calls the default name: another name replaces it (compute hosts).
    if (takesCallback(format) && callback !== DEFAULT_CALLBACK) {
      return answered({
        status: 200,
        headers: apiHeaders(mediaType),
        file,
        replaceStart: { bytes: DEFAULT_CALLBACK.length, text: callback },
        missing: errorAnswer(NOT_FOUND),
      });
    }
    return answered({ status: 200, headers: apiHeaders(mediaType), file, missing: errorAnswer(NOT_FOUND) });
  }
  if (options.mode === 'rules') return answered(errorAnswer(unavailableHere('This detail')));
  const needs = newNeeds();
  const index = releaseIndex(ctx.loaded, release, needs);
  if (index === null) return { need: needs.files };
  const name = detail.name as keyof IndexData['details'];
  const position = detailPosition(ctx.loaded, release, index, name, id);
  if (position === -1) return answered(errorAnswer(NOT_FOUND));
  const source = detailSource(format);
  let body: string | null;
  if ('matrices' in source) {
    const frags = fragments(
      ctx.loaded,
      release,
      index,
      recordKind('matrix'),
      source.matrices,
      index.details[name].items[position]!,
      needs,
    );
    if (frags === null) return { need: needs.files };
    body = detailFromMatrices(format, frags);
  } else {
    const stored = 'stored' in source ? source.stored : source.wrap;
    const frags = fragments(ctx.loaded, release, index, detailKind(name), stored, [position], needs);
    if (frags === null) return { need: needs.files };
    body = 'wrap' in source ? wrapDetail(frags[0]!, callback) : frags[0]!;
  }
  return answered(body === null ? errorAnswer(NOT_FOUND) : bodyAnswer(body, mediaType));
}
