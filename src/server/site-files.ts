/**
 * The request runtime on Node (the dev server's host side): each step's needs read from the
 * site folder, parsed once and kept for the next requests. Nothing outside the site is read.
 */
import { readFile } from 'node:fs/promises';
import { join, resolve as resolvePath, sep } from 'node:path';
import type { Answer, Loaded } from '../runtime/answer.js';
import { newAnswerCache, type AnswerCache } from '../runtime/answer-cache.js';
import { resolve, type ResolveOptions, type RuntimeRequest } from '../runtime/resolve.js';
import { SITE_FILE, type SiteConfig } from '../routes/site-data.js';

/** The absolute path of a site file, or null when it would leave the site folder. */
export function sitePath(root: string, path: string): string | null {
  const abs = resolvePath(join(root, path));
  return abs.startsWith(root + sep) ? abs : null;
}

async function readJson(root: string, path: string): Promise<unknown> {
  const abs = sitePath(root, path);
  if (abs === null) return null;
  try {
    return JSON.parse(await readFile(abs, 'utf8')) as unknown;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** One built site, its configuration and its runtime cache. */
export interface SiteHandle {
  readonly root: string;
  readonly site: SiteConfig;
  readonly loaded: Loaded;
  /** Answers computed before, kept while the server runs (src/runtime/answer-cache.ts). */
  readonly answers: AnswerCache;
}

export async function openSite(dir: string): Promise<SiteHandle> {
  const root = resolvePath(dir);
  const site = (await readJson(root, SITE_FILE)) as SiteConfig | null;
  if (site === null) throw new Error(`${dir} has no ${SITE_FILE}: build the site again with this version`);
  return { root, site, loaded: {}, answers: newAnswerCache() };
}

/** Run the runtime's steps for a request until it answers, loading what it needs. */
export async function answer(handle: SiteHandle, req: RuntimeRequest, options: ResolveOptions): Promise<Answer> {
  for (;;) {
    const step = resolve(req, handle.site, handle.loaded, { ...options, answers: handle.answers });
    if ('answer' in step) return step.answer;
    await Promise.all(
      step.need.map(async (path) => {
        handle.loaded[path] = await readJson(handle.root, path);
      }),
    );
  }
}
