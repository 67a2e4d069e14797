/**
 * A list request: the prebuilt page when there is one for exactly this request (the rules
 * tier's only answer, the compute tier's fast path), else a page assembled from the index and
 * the records' fragments (compute tier). Runtime-safe subset.
 */
import { INVALID_PAGE, NOT_FOUND, unavailableHere } from '../api/errors.js';
import { formatSpec } from '../api/formats.js';
import type { ListDescriptor } from '../api/resources.js';
import { routeFile, routePairs } from '../routes/paths.js';
import type { ListRoute } from '../routes/route.js';
import { isSafeSegment } from '../segments.js';
import { answered, apiHeaders, bodyAnswer, errorAnswer, type Answer, type Step } from './answer.js';
import { foldedIndex, fragments, newNeeds, releaseIndex, sortedLists } from './data.js';
import { listPageBody } from './list-page.js';
import { isFileable, prebuiltRoute } from '../routes/prebuilt.js';
import { pageNamesFile } from '../routes/page-number.js';
import { prebuiltPlan } from '../routes/prebuilt-plan.js';
import { EMPTY_SELECTION_TEXT, unprebuiltText } from '../routes/unprebuilt.js';
import type { QueryPair } from '../routes/request.js';
import type { Ctx } from './context.js';

const pairId = (p: QueryPair): string => `${p.key}\u0000${p.value}`;

/** Whether the request carries exactly the pairs the prebuilt page's links were made from (`page` aside). */
function isCanonical(route: ListRoute, pairs: readonly QueryPair[]): boolean {
  const want: string[] = [];
  const expected = routePairs(route);
  for (let i = 0; i < expected.length; i++) want.push(pairId(expected[i]!));
  const got: string[] = [];
  for (let i = 0; i < pairs.length; i++) if (pairs[i]!.key !== 'page') got.push(pairId(pairs[i]!));
  if (got.length !== want.length) return false;
  want.sort();
  got.sort();
  for (let i = 0; i < want.length; i++) if (want[i] !== got[i]) return false;
  return true;
}

/** A filter selection no prebuilt file holds: it matches no matrix. */
const EMPTY_SELECTION = unavailableHere(EMPTY_SELECTION_TEXT);

/** A rules-only host's answer for a file that may not exist: an invalid page, or no such list or selection. */
function missingList(route: ListRoute): Answer {
  const selection = Object.keys(route.filters).length > 0;
  if (route.page !== 1) return errorAnswer(INVALID_PAGE);
  return errorAnswer(selection ? EMPTY_SELECTION : route.params.id === undefined ? INVALID_PAGE : NOT_FOUND);
}

export function resolveList(ctx: Ctx, list: ListDescriptor): Step {
  const site = ctx.site;
  const request = ctx.request;
  const release = request.release;
  const params = request.params;
  const options = ctx.options;
  const format = request.format;
  const mediaType = formatSpec(format).mediaType;
  let route: ListRoute | null = null;
  if (site.prebuilt !== null) {
    const found = prebuiltRoute(prebuiltPlan(list, site.prebuilt), request.id, format, request.named, params);
    if ('unavailable' in found) {
      if (options.mode === 'rules') return answered(errorAnswer(unavailableHere(unprebuiltText(found.unavailable))));
    } else if (options.mode === 'rules') {
      // No file can be named so: a page past any end, a filter value that is no stored value (an empty selection), an unknown id.
      if (!isFileable(found))
        return answered(
          errorAnswer(
            !pageNamesFile(found.page)
              ? INVALID_PAGE
              : found.params.id !== undefined && !isSafeSegment(found.params.id)
                ? NOT_FOUND
                : EMPTY_SELECTION,
          ),
        );
      return answered({
        status: 200,
        headers: apiHeaders(mediaType),
        file: `${release.root}${routeFile(found)}`,
        missing: missingList(found),
      });
    } else if (isCanonical(found, params.pairs)) {
      route = found;
      if (!options.skipFiles && isFileable(found)) {
        return answered({
          status: 200,
          headers: apiHeaders(mediaType),
          file: `${release.root}${routeFile(found)}`,
          missing: 'compute',
        });
      }
    }
  }
  if (options.mode === 'rules') return answered(errorAnswer(unavailableHere('This query')));
  const needs = newNeeds();
  const index = releaseIndex(ctx.loaded, release, needs);
  if (index === null) return { need: needs.files };
  const result = listPageBody(
    {
      site,
      release,
      index,
      folded: params.filters.length === 0 ? undefined : foldedIndex(ctx.loaded, release, index),
      sorted:
        params.filters.length === 0 && params.order.length === 1 && request.id === ''
          ? sortedLists(ctx.loaded, release, index)
          : undefined,
      list,
      id: request.id,
      format,
      params,
      route,
    },
    (kind, fragmentFormat, items) => fragments(ctx.loaded, release, index, kind, fragmentFormat, items, needs),
  );
  if (result.kind === 'loading') return { need: needs.files };
  if (result.kind === 'not-found') return answered(errorAnswer(NOT_FOUND));
  if (result.kind === 'invalid-page') return answered(errorAnswer(INVALID_PAGE));
  return answered(bodyAnswer(result.body, mediaType));
}
