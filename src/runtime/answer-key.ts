/**
 * The key of a computed answer in a host's cache (answer-cache.ts): the request as the runtime's
 * door normalised it (src/runtime/resolve.ts). The resource, the id, the suffix, the format as
 * named or as negotiated from Accept, the release, the query's pairs as sent (they hold the
 * callback, the filters, order, page and page size, and whatever the links keep) and the
 * resolution options: everything an answer after the door depends on, written unambiguously.
 * Runtime-safe subset.
 */
import type { ApiRequest, ResolveOptions } from './context.js';

/** The normalised request's key. */
export function answerKey(request: ApiRequest, options: ResolveOptions): string {
  const pairs: string[] = [];
  for (let i = 0; i < request.params.pairs.length; i++)
    pairs.push(request.params.pairs[i]!.key, request.params.pairs[i]!.value);
  return JSON.stringify([
    options.mode,
    options.skipFiles === true,
    request.resource.name,
    request.id,
    request.suffix,
    request.format,
    request.named,
    request.release.name,
    pairs,
  ]);
}
