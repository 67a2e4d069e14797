/**
 * The request classes bench:runtime measures, each a list of real requests on the built release:
 * ids, names and TF classes are read from the site through the runtime itself.
 */
import type { RuntimeRequest } from '../src/runtime/resolve.js';
import { answer, type SiteHandle } from '../src/server/site-files.js';

export interface RequestClass {
  readonly name: string;
  /** Answered with a prebuilt file (measured on the full build). */
  readonly file: boolean;
  readonly requests: readonly RuntimeRequest[];
}

const get = (path: string, query = ''): RuntimeRequest => ({ method: 'GET', path, query, accept: null });

/** Every n-th element, at most `max` of them. */
function spread<T>(items: readonly T[], max: number): T[] {
  const step = Math.max(1, Math.floor(items.length / max));
  return items.filter((_, i) => i % step === 0).slice(0, max);
}

async function json(h: SiteHandle, req: RuntimeRequest): Promise<unknown> {
  const a = await answer(h, req, { mode: 'compute', skipFiles: true });
  if (a.status !== 200 || a.body === undefined) throw new Error(`${req.path}?${req.query}: ${a.status}`);
  return JSON.parse(a.body) as unknown;
}

interface Page {
  count: number;
  results: { matrix_id: string; name: string }[];
}

async function matrices(h: SiteHandle): Promise<{ id: string; name: string }[]> {
  const out: { id: string; name: string }[] = [];
  for (let page = 1; ; page++) {
    const p = (await json(h, get('/api/v1/matrix/', `format=json&page_size=1000&page=${page}`))) as Page;
    for (const r of p.results) out.push({ id: r.matrix_id, name: r.name });
    if (out.length >= p.count) return out;
  }
}

/** Formats a matrix list answers on this site (bed needs sites, which a build may not carry). */
async function listFormats(h: SiteHandle): Promise<string[]> {
  const out: string[] = [];
  for (const f of h.site.formats)
    if ((await answer(h, get('/api/v1/matrix/', `format=${f}`), { mode: 'compute' })).status === 200) out.push(f);
  return out;
}

export async function requestClasses(compact: SiteHandle): Promise<RequestClass[]> {
  const all = await matrices(compact);
  const ids = spread(all, 200).map((m) => m.id);
  const pages10 = Math.ceil(all.length / 10);
  const pages1000 = Math.ceil(all.length / 1000);
  const classes = new Set<string>();
  for (const m of all)
    for (const c of ((await json(compact, get(`/api/v1/matrix/${m.id}/`, 'format=json'))) as { class?: string[] })
      .class ?? [])
      classes.add(c);
  const terms = [...new Set(spread(all, 150).flatMap((m) => [m.name.slice(0, 3), m.name]))];
  const orders = ['', 'name', '-name', 'collection', '-version', 'base_id'];
  const formats = await listFormats(compact);
  const list = (size: number, pages: number, extra: string) =>
    spread(
      [...Array(pages).keys()].flatMap((p) =>
        orders.map((o) => `page=${p + 1}&page_size=${size}${o ? `&order=${o}` : ''}${extra}`),
      ),
      200,
    ).map((q) => get('/api/v1/matrix/', q));
  const out: RequestClass[] = [
    {
      name: 'prebuilt page (full build, a file)',
      file: true,
      requests: spread([...Array(pages10).keys()], 200).map((p) => get('/api/v1/matrix/', `page=${p + 1}`)),
    },
    { name: 'list page of 10 (assembled)', file: false, requests: list(10, pages10, '') },
    { name: 'list page of 1000 (assembled)', file: false, requests: list(1000, pages1000, '') },
    {
      name: 'search= (page of 10)',
      file: false,
      requests: terms.map((t) => get('/api/v1/matrix/', `search=${encodeURIComponent(t)}`)),
    },
    {
      name: 'search= (page of 1000)',
      file: false,
      requests: spread(terms, 60).map((t) =>
        get('/api/v1/matrix/', `search=${encodeURIComponent(t.slice(0, 1))}&page_size=1000`),
      ),
    },
    {
      name: 'tf_class= (page of 10)',
      file: false,
      requests: [...classes].sort().map((c) => get('/api/v1/matrix/', `tf_class=${encodeURIComponent(c)}`)),
    },
    {
      name: 'tf_class= (page of 1000)',
      file: false,
      requests: [...classes]
        .sort()
        .map((c) => get('/api/v1/matrix/', `tf_class=${encodeURIComponent(c)}&page_size=1000`)),
    },
  ];
  for (const f of formats) {
    out.push({
      name: `format=${f}: detail`,
      file: false,
      requests: ids.map((id) => get(`/api/v1/matrix/${id}/`, `format=${f}`)),
    });
    out.push({
      name: `format=${f}: list page of 10`,
      file: false,
      requests: list(10, pages10, `&format=${f}`).slice(0, 100),
    });
    out.push({ name: `format=${f}: list page of 1000`, file: false, requests: list(1000, pages1000, `&format=${f}`) });
  }
  return out;
}
