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
import {
  KEY,
  PLAN_FIELDS,
  PLAN_FILTERED_ORDERS,
  PLAN_FILTERS,
  PLAN_ORDERS,
  PLAN_READS,
  VALUE,
  type CfError,
  type CfPair,
  type CfPlan,
  type CfResource,
  type CfTable,
} from './function-table.js';

/** A query's last value of a name, or null when absent. */
export type Get = (key: string) => string | null;

/** The value of `key` among `pairs` (the first pair of that key), or undefined. */
export function lookup<V>(pairs: readonly CfPair<V>[], key: string): V | undefined {
  for (let i = 0; i < pairs.length; i++) if (pairs[i]![KEY] === key) return pairs[i]![VALUE];
  return undefined;
}

/** A resource's file template (see {@link CfResource.file}). */
export const fileTemplate = (res: CfResource): string => (res.file === undefined ? res.segments.join('/') : res.file);

/** DRF's OrderingFilter over the list's fields: the one order ('': none), if the plan prebuilt it, or what is not prebuilt. */
function orderOf(t: CfTable, plan: CfPlan, q: Get, filtered: boolean): string | { readonly no: string } {
  const raw = q('order');
  const terms: string[] = [];
  const split = raw === null || raw === '' ? [] : raw.split(',');
  let field = '';
  for (let i = 0; i < split.length; i++) {
    const term = split[i]!.trim();
    const f = term.charAt(0) === '-' ? term.slice(1) : term;
    if (t.nameSets[plan[PLAN_FIELDS]]!.indexOf(f) !== -1) terms.push(term), (field = f);
  }
  if (terms.length > 1) return { no: SEVERAL_ORDERS_TEXT };
  const order = terms.length ? terms[0]! : '';
  // The plan's order fields, each prebuilt both ways.
  if (order && t.nameSets[plan[filtered ? PLAN_FILTERED_ORDERS : PLAN_ORDERS]]!.indexOf(field) === -1)
    return { no: orderText(order, filtered) };
  return order;
}

/** The prebuilt `page_size` (null: none sent, or one DRF ignores), or what is not prebuilt. */
function pageSizeOf(t: CfTable, q: Get): number | null | string {
  const raw = q('page_size');
  const size = raw === null ? null : askedPageSize(raw);
  return size !== null && t.pageSizes.indexOf(size) === -1 ? pageSizeText(raw!) : size;
}

/** The page asked for: `last`, an integer (0 when it is none). */
function pageOf(q: Get): number | 'last' {
  const raw = q('page');
  if (raw === null || raw === '') return 1;
  return raw === 'last' ? 'last' : (pyInt(raw) ?? 0);
}

/** A list's file below its format folder, without the extension (see {@link CfResource.file}), or the refusal (src/routes/prebuilt.ts `prebuiltRoute`, then `isFileable`). */
export function list<R>(
  t: CfTable,
  res: CfResource,
  id: string,
  q: Get,
  fail: (e: CfError, value?: string) => R,
): string | R {
  const plan = t.plans[res.plan!]!;
  const prebuilt = plan[PLAN_FILTERS];
  const keys = t.nameSets[plan[PLAN_READS]]!;
  const errors = t.errors;
  let pairs = '';
  let filters = 0;
  let fileable = true;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const value = q(key);
    if (value === null || value === '') continue;
    const only = lookup(t.onlyValues, key);
    if (only !== undefined && value !== only) continue;
    const fold = lookup(prebuilt, key);
    if (fold === undefined) return fail(errors.unavailable, filterText(key));
    // The plan's fold (src/routes/request.ts `foldValue`) in the table's one-letter codes: bundling
    // foldValue, whose folds are words, would cost the function about 40 of its 10,240 bytes.
    const stored = fold === 'u' ? asciiUpper(value) : fold === 'l' ? asciiLower(value) : value;
    if (!isSafeSegment(stored)) fileable = false;
    pairs += `${key}/${stored}/`;
    filters++;
  }
  const order = orderOf(t, plan, q, filters > 0);
  if (typeof order !== 'string') return fail(errors.unavailable, order.no);
  const size = pageSizeOf(t, q);
  if (typeof size === 'string') return fail(errors.unavailable, size);
  const page = pageOf(q);
  if (!pageNamesFile(page)) return fail(errors.invalidPage);
  if (res.segments.length > 1 && !isSafeSegment(id)) return fail(errors.notFound);
  if (!fileable) return fail(errors.unavailable, EMPTY_SELECTION_TEXT);
  // The template the path function wrote; `default`: no page size or order, as there.
  return (fileTemplate(res) + t.listTail)
    .replace(':id', id)
    .replace(':f', pairs)
    .replace(':s', size === null ? 'default' : String(size))
    .replace(':o', order || 'default')
    .replace(':p', String(page));
}
