/**
 * Computed answers kept by a host that lives across requests (issue 47): the dev server, a
 * Netlify Edge Function's or a Cloudflare Worker's isolate, a Lambda@Edge container. A repeated
 * request is answered with the answer computed for it the first time, without selecting,
 * ordering or assembling again. nginx's njs 0.7 starts every request afresh, so it keeps none.
 *
 * Keyed by the normalised request (answer-key.ts, made after the runtime's door): two requests
 * with one key get the same answer, so none is ever answered with another's body.
 * Bounded in entries and in bytes, the least recently used dropped first. Runtime-safe subset.
 */
import type { Answer } from './answer.js';

/** How much a cache holds at most. */
export interface CacheLimits {
  readonly entries: number;
  /** Bytes of key and body, counted as two per UTF-16 code unit (what the strings may take), plus {@link ENTRY_OVERHEAD}. */
  readonly bytes: number;
}

/** The default: enough for every page a busy client walks, small beside a 128 MB isolate. */
export const DEFAULT_CACHE_LIMITS: CacheLimits = { entries: 2000, bytes: 16 * 1024 * 1024 };

/** Bytes counted per entry besides its key and body: the answer's headers and the cache's own links. */
export const ENTRY_OVERHEAD = 512;

interface Entry {
  readonly key: string;
  readonly answer: Answer;
  readonly size: number;
  /** Toward the most recently used. */
  newer: Entry | null;
  /** Toward the least recently used. */
  older: Entry | null;
}

/** A host's cache of computed answers (one per site; keep it where the host keeps `loaded`). */
export interface AnswerCache {
  readonly limits: CacheLimits;
  readonly byKey: { [key: string]: Entry };
  newest: Entry | null;
  oldest: Entry | null;
  entries: number;
  bytes: number;
}

export const newAnswerCache = (limits?: CacheLimits): AnswerCache => ({
  limits: limits ?? DEFAULT_CACHE_LIMITS,
  byKey: Object.create(null) as { [key: string]: Entry },
  newest: null,
  oldest: null,
  entries: 0,
  bytes: 0,
});

/** Whether an answer is kept: a body the runtime computed (files and pass-throughs are the host's). */
export const isKept = (a: Answer): boolean => a.body !== undefined && a.file === undefined && a.passThrough !== true;

function unlink(cache: AnswerCache, e: Entry): void {
  if (e.newer === null) cache.newest = e.older;
  else e.newer.older = e.older;
  if (e.older === null) cache.oldest = e.newer;
  else e.older.newer = e.newer;
  e.newer = null;
  e.older = null;
}

function pushNewest(cache: AnswerCache, e: Entry): void {
  e.older = cache.newest;
  e.newer = null;
  if (cache.newest !== null) cache.newest.newer = e;
  cache.newest = e;
  if (cache.oldest === null) cache.oldest = e;
}

function drop(cache: AnswerCache, e: Entry): void {
  unlink(cache, e);
  delete cache.byKey[e.key];
  cache.entries--;
  cache.bytes -= e.size;
}

/** The answer kept for `key` (now the most recently used), or undefined. */
export function cachedAnswer(cache: AnswerCache, key: string): Answer | undefined {
  const e = cache.byKey[key];
  if (e === undefined) return undefined;
  unlink(cache, e);
  pushNewest(cache, e);
  return e.answer;
}

/** Keep `answer` for `key`, dropping the least recently used while over a limit; one larger than the byte limit is not kept. */
export function keepAnswer(cache: AnswerCache, key: string, answer: Answer): void {
  const size = 2 * (key.length + (answer.body === undefined ? 0 : answer.body.length)) + ENTRY_OVERHEAD;
  const old = cache.byKey[key];
  if (old !== undefined) drop(cache, old);
  if (size > cache.limits.bytes || cache.limits.entries < 1) return;
  while (cache.oldest !== null && (cache.entries + 1 > cache.limits.entries || cache.bytes + size > cache.limits.bytes))
    drop(cache, cache.oldest);
  const e: Entry = { key, answer, size, newer: null, older: null };
  cache.byKey[key] = e;
  pushNewest(cache, e);
  cache.entries++;
  cache.bytes += size;
}
