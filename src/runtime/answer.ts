/**
 * What the runtime tells a host to do with a request, and how it asks for the site's data.
 * Runtime-safe subset (docs/runtime.md).
 */
import { ALLOW, ERROR_MEDIA_TYPE, EVERY_API_HEADER, type ApiError } from '../api/errors.js';

export type Header = readonly [string, string];

export interface Answer {
  readonly status: number;
  readonly headers: readonly Header[];
  /** The body to send (UTF-8); absent for OPTIONS, a file, or a pass-through. */
  readonly body?: string;
  /** A site file (relative to the site root) to send with `headers`. */
  readonly file?: string;
  /**
   * For a file: send `text` in place of its first `bytes` bytes (a prebuilt JSONP detail, which
   * calls `callback`, calling the function the request names instead). Hosts that send a file
   * as it is cannot do this; only compute hosts get such answers.
   */
  readonly replaceStart?: { readonly bytes: number; readonly text: string };
  /** For a file: what to answer when it does not exist ('compute': resolve again without files). */
  readonly missing?: Answer | 'compute';
  /** Not an API path: the host serves its static file as it is (404 body of the site when none). */
  readonly passThrough?: boolean;
}

/** The site files a step needs, or its answer. */
export type Step = { readonly need: readonly string[] } | { readonly answer: Answer };

/**
 * Site files the runtime has read, by path: parsed JSON, or null when the file does not exist.
 * Hosts keep one per site and pass it to every request (it is a cache; the runtime adds
 * lookups it derives to it under keys starting with `#`).
 */
export type Loaded = { [path: string]: unknown };

/** Headers of every API answer: Vary, CORS, nosniff, Allow, and the Content-Type. */
export function apiHeaders(mediaType: string | null): Header[] {
  const out: Header[] = [];
  for (let i = 0; i < EVERY_API_HEADER.length; i++) out.push([EVERY_API_HEADER[i]![0], EVERY_API_HEADER[i]![1]]);
  out.push(['Allow', ALLOW]);
  if (mediaType !== null) out.push(['Content-Type', mediaType]);
  return out;
}

export const errorAnswer = (e: ApiError): Answer => ({
  status: e.status,
  headers: apiHeaders(ERROR_MEDIA_TYPE),
  body: e.body,
});

export const bodyAnswer = (body: string, mediaType: string): Answer => ({
  status: 200,
  headers: apiHeaders(mediaType),
  body,
});

export const answered = (answer: Answer): Step => ({ answer });

/** What a file answer sends, from its file's text: the text, its start replaced where the answer says so. */
export const fileText = (a: Answer, text: string): string =>
  a.replaceStart === undefined ? text : a.replaceStart.text + text.slice(a.replaceStart.bytes);
