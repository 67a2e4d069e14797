/**
 * Driving the request runtime's steps on a host (the dev server does the same in
 * src/server/site-files.ts): call `resolve`, load the files it needs — parsed JSON, or null
 * when missing — into the host's cache, and call it again until it answers. Runtime-safe
 * subset: this runs in nginx's njs 0.7 and in CloudFront Functions too.
 */
import { NOT_FOUND } from '../../api/errors.js';
import { errorAnswer, type Answer, type Loaded } from '../../runtime/answer.js';
import { resolve, type ResolveOptions, type RuntimeRequest } from '../../runtime/resolve.js';
import type { SiteConfig } from '../../routes/site-data.js';

/** More steps than any request takes (index, then chunks): a runtime asking forever is a bug. */
export const MAX_STEPS = 8;

/** The error of a runtime that keeps asking for files (a bug). */
export function tooMany(req: RuntimeRequest): Error {
  return new Error(`the runtime kept asking for files for ${req.path}`);
}

/** Run the steps, loading needed files synchronously (`load`: parsed JSON, or null when missing). */
export function answerSync(
  req: RuntimeRequest,
  site: SiteConfig,
  loaded: Loaded,
  options: ResolveOptions,
  load: (path: string) => unknown,
): Answer {
  for (let i = 0; i < MAX_STEPS; i++) {
    const step = resolve(req, site, loaded, options);
    if ('answer' in step) return step.answer;
    for (let k = 0; k < step.need.length; k++) loaded[step.need[k]!] = load(step.need[k]!);
  }
  throw tooMany(req);
}

/**
 * What to do when the file of answer `a` does not exist: the answer it names, `'compute'`
 * (resolve again with `skipFiles`), or Not found when it names nothing.
 */
export function whenMissing(a: Answer): Answer | 'compute' {
  return a.missing === undefined ? errorAnswer(NOT_FOUND) : a.missing;
}

/** A request's path and query from its raw target (`/path?query`). */
export function splitTarget(target: string): { path: string; query: string } {
  const q = target.indexOf('?');
  return q === -1 ? { path: target, query: '' } : { path: target.slice(0, q), query: target.slice(q + 1) };
}
