/**
 * The requests of the conformance suite and what each must get. Generated ones come from the
 * route generator and the path function (every endpoint × format, every order, edge pages, page
 * sizes, filters, every detail format, HEAD, browser negotiation); hand-written ones
 * (edge-cases.ts) cover encodings, repeats, extras, trailing slashes, errors and methods.
 * A host that documents a different answer (docs/deploy.md) has it in `instead`.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { htmlFormatOf } from '../../src/hosts/accept.js';
import { matchRules } from '../../src/hosts/match.js';
import { parsePath, parseQuery } from '../../src/hosts/query.js';
import type { Rule } from '../../src/hosts/rules.js';
import { resourcePath, routeFile, routeUrl, type ErrorName } from '../../src/routes/paths.js';
import type { DetailRoute, ListRoute, Route } from '../../src/routes/route.js';
import type { Request } from './hosts/http.js';

export const HOSTS = ['netlify', 'dev', 'cloudfront', 'nginx', 'apache'] as const;
export type HostName = (typeof HOSTS)[number];

/** Why an error answers: an error rule (or no rule), a rewrite whose file is absent, a value that cannot name a file. */
export type Cause = 'rule' | 'absent' | 'unsafe';

export type Outcome =
  /** A site file (`anyType`: outside the API, hosts pick the type themselves). */
  | { readonly kind: 'file'; readonly file: string; readonly anyType?: boolean }
  | { readonly kind: 'error'; readonly error: ErrorName; readonly cause: Cause }
  | { readonly kind: 'options' }
  | { readonly kind: 'status'; readonly status: number; readonly body: string };

export interface Case {
  readonly req: Request;
  readonly expect: Outcome;
  readonly instead?: Partial<Record<HostName, Outcome | 'skip'>>;
}

export const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

export const fileOf = (route: Route): Outcome => ({ kind: 'file', file: `/${routeFile(route)}` });
export const get = (target: string, headers?: Record<string, string>): Request => ({ method: 'GET', target, ...(headers ? { headers } : {}) });

const pageKind = (r: ListRoute, last: number) => (r.page === 1 || r.page === 2 || r.page === 'last' || r.page === last ? String(r.page) : null);
const variantKey = (r: ListRoute) => JSON.stringify([r.resource, r.params, r.filters, r.order, r.pageSize, r.format, r.formatInQuery]);
const shapeKey = (r: ListRoute, ...extra: unknown[]) => JSON.stringify([r.resource, Object.keys(r.filters), ...extra]);

/** A deterministic selection of the site's routes covering every combination that matters. */
function selectRoutes(routes: readonly Route[]): Route[] {
  const lists = routes.filter((r): r is ListRoute => r.kind === 'list');
  const lastPage = new Map<string, number>();
  for (const r of lists) if (typeof r.page === 'number') lastPage.set(variantKey(r), Math.max(lastPage.get(variantKey(r)) ?? 0, r.page));
  const firstVariant = new Map<string, string>();
  const keep = (r: ListRoute, shape: string, pages: readonly string[]) => {
    const v = variantKey(r);
    if (!firstVariant.has(shape)) firstVariant.set(shape, v);
    const kind = pageKind(r, lastPage.get(v) ?? 0);
    return firstVariant.get(shape) === v && kind !== null && pages.includes(kind);
  };
  const out: Route[] = [];
  const seen = new Set<string>();
  const add = (r: Route) => {
    const id = JSON.stringify(r);
    if (!seen.has(id)) out.push(r);
    seen.add(id);
  };
  const lastN = (r: ListRoute) => String(lastPage.get(variantKey(r)) ?? 0);
  for (const r of lists) {
    if (r.order === null && r.pageSize === null && keep(r, shapeKey(r, 'f', r.format, r.formatInQuery), ['1', '2', 'last', lastN(r)])) add(r);
    if (r.pageSize === null && !r.formatInQuery && r.order !== null && keep(r, shapeKey(r, 'o', r.order), ['1', 'last'])) add(r);
    if (r.pageSize !== null && r.order === null && (!r.formatInQuery || r.format === 'json') && keep(r, shapeKey(r, 's', r.pageSize, r.formatInQuery), ['1', 'last'])) add(r);
  }
  const details = routes.filter((r): r is DetailRoute => r.kind === 'detail');
  const instances = new Map<string, DetailRoute[]>();
  for (const d of details) if (d.format === 'json') instances.set(d.resource, [...(instances.get(d.resource) ?? []), d]);
  // Every format of each resource's first instance; JSON of its second and last.
  const first = (d: DetailRoute) => JSON.stringify(instances.get(d.resource)?.[0]?.params) === JSON.stringify(d.params);
  for (const d of details) if (first(d)) add(d);
  for (const list of instances.values()) for (const d of [list[1], list.at(-1)]) if (d) add(d);
  return out;
}

/**
 * The answer to a route's URL: its file, or — when the build wrote none (a format a page may
 * lack, such as bed without binding sites) — the error the rule table gives for it.
 */
function routeOutcome(route: Route, site: string, rules: readonly Rule[]): Outcome {
  if (existsSync(join(site, routeFile(route)))) return fileOf(route);
  const url = routeUrl(route);
  const q = url.indexOf('?');
  const m = matchRules(rules, parsePath(q === -1 ? url : url.slice(0, q)) ?? [], parseQuery(q === -1 ? '' : url.slice(q + 1)));
  if (!m) return { kind: 'error', error: 'not-found', cause: 'rule' };
  return m.action.kind === 'error' ? { kind: 'error', error: m.action.error, cause: 'rule' } : { kind: 'error', error: m.action.missing, cause: 'absent' };
}

/** Requests generated from the site's routes. */
export function generatedCases(routes: readonly Route[], formats: readonly string[], site: string, rules: readonly Rule[]): Case[] {
  const html = htmlFormatOf(formats);
  const cases: Case[] = [];
  const fileOf = (route: Route) => routeOutcome(route, site, rules);
  for (const [i, route] of selectRoutes(routes).entries()) {
    cases.push({ req: get(routeUrl(route)), expect: fileOf(route) });
    if (i % 5 === 0) cases.push({ req: { method: 'HEAD', target: routeUrl(route) }, expect: fileOf(route) });
    const bare = route.kind === 'detail' ? route.format === 'json' : !route.formatInQuery && route.page === 1 && route.order === null && route.pageSize === null;
    if (!bare) continue;
    const target = route.kind === 'detail' ? resourcePath(route.resource, route.params) : routeUrl(route);
    if (route.kind === 'detail') cases.push({ req: get(target), expect: fileOf(route) });
    // A browser without format: the HTML page where the host negotiates, JSON on Netlify.
    const format = html as Route['format'];
    const page: Route | null = html === null ? null : route.kind === 'detail' ? { ...route, format } : { ...route, format, formatInQuery: true };
    cases.push({ req: get(target, { Accept: BROWSER_ACCEPT }), expect: page ? fileOf(page) : fileOf(route), instead: { netlify: fileOf(route) } });
  }
  return cases;
}
