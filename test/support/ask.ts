/** Asking the request runtime about a built site as a compute host does: files it names are read, missing ones assembled. */
import { readFile } from 'node:fs/promises';
import { fileText, type Answer } from '../../src/runtime/answer.js';
import type { ResolveOptions, RuntimeRequest } from '../../src/runtime/resolve.js';
import { answer, sitePath, type SiteHandle } from '../../src/server/site-files.js';

export interface Asked {
  readonly status: number;
  readonly body: string;
  /** The answer's Content-Type, or null. */
  readonly mediaType: string | null;
  /** Whether the body came from a prebuilt file. */
  readonly fromFile: boolean;
}

const mediaTypeOf = (a: Answer): string | null =>
  a.headers.find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? null;

/** GET `path?query` with `accept` in compute mode (the dev server's steps, without HTTP). */
export async function ask(
  handle: SiteHandle,
  path: string,
  query: string,
  accept: string | null,
  options: ResolveOptions = { mode: 'compute' },
): Promise<Asked> {
  const req: RuntimeRequest = { method: 'GET', path, query, accept };
  let a = await answer(handle, req, options);
  while (a.file !== undefined) {
    const abs = sitePath(handle.root, a.file);
    const body = abs === null ? null : await readFile(abs, 'utf8').catch(() => null);
    if (body !== null) return { status: a.status, body: fileText(a, body), mediaType: mediaTypeOf(a), fromFile: true };
    if (a.missing === undefined)
      throw new Error(`${path}?${query}: the runtime named ${a.file}, which does not exist, and no fallback`);
    a = a.missing === 'compute' ? await answer(handle, req, { ...options, skipFiles: true }) : a.missing;
  }
  if (a.passThrough) throw new Error(`${path}?${query}: not an API answer`);
  return { status: a.status, body: a.body ?? '', mediaType: mediaTypeOf(a), fromFile: false };
}

/** A query string as a form encodes it (`+` for space). */
export const formQuery = (pairs: readonly (readonly [string, string])[]): string =>
  pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`.replace(/%20/g, '+')).join('&');
