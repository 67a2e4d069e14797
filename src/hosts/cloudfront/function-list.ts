/**
 * A list request in the CloudFront function: its filters, `order`, `page_size` and `page` as
 * the request runtime reads them (src/routes/select.ts, page-size.ts), checked against the
 * list's prebuilt plan as the table serializes it ({@link CfPlan}, src/routes/prebuilt-plan.ts),
 * refused in the rules tier's own words (src/routes/unprebuilt.ts, bundled), and the list's file
 * from its template: an interpreter of the plan, as src/routes/prebuilt.ts `prebuiltRoute` is.
 * Runtime-safe subset, and only what CloudFront Functions runtime 2.0 documents.
 */
import { isSafeSegment } from '../../segments.js';
import { askedPageSize } from '../../routes/page-size.js';
import { pageNamesFile } from '../../routes/page-number.js';
import { asciiLower, asciiUpper, pyInt } from '../../routes/request.js';
import {
  EMPTY_SELECTION_TEXT,
  filterText,
  orderText,
  pageSizeText,
  SEVERAL_ORDERS_TEXT,
} from '../../routes/unprebuilt.js';
import type { CfError, CfPlan, CfResource, CfTable } from './function-table.js';

/** A query's last value of a name, or null when absent. */
export type Get = (key: string) => string | null;

/** DRF's OrderingFilter over the list's fields: the one order ('': none), if the plan prebuilt it, or what is not prebuilt. */
function orderOf(t: CfTable, plan: CfPlan, q: Get, filtered: boolean): string | { readonly no: string } {
  const raw = q('order');
  const terms: string[] = [];
  const split = raw === null || raw === '' ? [] : raw.split(',');
  let field = '';
  for (let i = 0; i < split.length; i++) {
    const term = split[i]!.trim();
    const f = term.charAt(0) === '-' ? term.slice(1) : term;
    if (t.G[plan[0]]!.indexOf(f) !== -1) terms.push(term), (field = f);
  }
  if (terms.length > 1) return { no: SEVERAL_ORDERS_TEXT };
  const order = terms.length ? terms[0]! : '';
  // The plan's order fields, each prebuilt both ways.
  if (order && t.G[plan[filtered ? 3 : 2]]!.indexOf(field) === -1) return { no: orderText(order, filtered) };
  return order;
}

/** The prebuilt `page_size` (null: none sent, or one DRF ignores), or what is not prebuilt. */
function pageSizeOf(t: CfTable, q: Get): number | null | string {
  const raw = q('page_size');
  const size = raw === null ? null : askedPageSize(raw);
  return size !== null && t.Z.indexOf(size) === -1 ? pageSizeText(raw!) : size;
}

/** The page asked for: `last`, an integer (0 when it is none). */
function pageOf(q: Get): number | 'last' {
  const raw = q('page');
  if (raw === null || raw === '') return 1;
  return raw === 'last' ? 'last' : (pyInt(raw) ?? 0);
}

/** A list's file below its format folder, without the extension (see {@link CfResource.t}), or the refusal (src/routes/prebuilt.ts `prebuiltRoute`, then `isFileable`). */
export function list<R>(
  t: CfTable,
  res: CfResource,
  id: string,
  q: Get,
  fail: (e: CfError, value?: string) => R,
): string | R {
  const plan = t.P[res.p!]!;
  const prebuilt = plan[4];
  const keys = t.G[plan[1]]!;
  let pairs = '';
  let filters = 0;
  let fileable = true;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const value = q(key);
    if (value === null || value === '' || (t.Q[key] !== undefined && value !== t.Q[key])) continue;
    let fold: string | null = null;
    for (let k = 0; k < prebuilt.length; k++) if (prebuilt[k]![0] === key) fold = prebuilt[k]![1];
    if (fold === null) return fail(t.E.U, filterText(key));
    // The plan's fold (src/routes/request.ts `foldValue`) in the table's one-letter codes: bundling
    // foldValue, whose folds are words, would cost the function about 40 of its 10,240 bytes.
    const stored = fold === 'u' ? asciiUpper(value) : fold === 'l' ? asciiLower(value) : value;
    if (!isSafeSegment(stored)) fileable = false;
    pairs += `${key}/${stored}/`;
    filters++;
  }
  const order = orderOf(t, plan, q, filters > 0);
  if (typeof order !== 'string') return fail(t.E.U, order.no);
  const size = pageSizeOf(t, q);
  if (typeof size === 'string') return fail(t.E.U, size);
  const page = pageOf(q);
  if (!pageNamesFile(page)) return fail(t.E.I);
  if (res.s.length > 1 && !isSafeSegment(id)) return fail(t.E.N);
  if (!fileable) return fail(t.E.U, EMPTY_SELECTION_TEXT);
  // The template the path function wrote; `default`: no page size or order, as there.
  return (res.t + t.M)
    .replace(':id', id)
    .replace(':f', pairs)
    .replace(':s', size === null ? 'default' : String(size))
    .replace(':o', order || 'default')
    .replace(':p', String(page));
}
