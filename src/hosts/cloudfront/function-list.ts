/**
 * A list request in the CloudFront function: its filters, `order`, `page_size` and `page` as
 * the request runtime reads them (src/routes/select.ts, page-size.ts), the refusals of
 * src/runtime/prebuilt.ts and src/runtime/resolve-list.ts (rules mode), and the list's file
 * from its template. Runtime-safe subset, and only what CloudFront Functions runtime 2.0
 * documents.
 */
import { isSafeSegment } from '../../segments.js';
import { askedPageSize } from '../../routes/page-size.js';
import { asciiLower, asciiUpper, pyInt } from '../../routes/request.js';
import type { CfError, CfResource, CfTable } from './function-table.js';

/** A query's last value of a name, or null when absent. */
export type Get = (key: string) => string | null;

/** DRF's OrderingFilter over the list's fields: the one prebuilt order, or what is not prebuilt. */
function orderRefusal(
  t: CfTable,
  res: CfResource,
  q: Get,
  filtered: boolean,
): { value: string | null; refusal?: string } {
  const raw = q('order');
  const terms: string[] = [];
  const split = raw === null || raw === '' ? [] : raw.split(',');
  let field = '';
  for (let i = 0; i < split.length; i++) {
    const term = split[i]!.trim();
    const f = term.charAt(0) === '-' ? term.slice(1) : term;
    if (t.G[res.o!]!.indexOf(f) !== -1) terms.push(term), (field = f);
  }
  if (terms.length > 1) return { value: null, refusal: 'Ordering by several fields' };
  const order = terms.length ? terms[0]! : null;
  // Prebuilt (src/runtime/prebuilt.ts `prebuiltOrders`): each prebuilt field both ways, on filtered lists only if asked for.
  if (order !== null && ((filtered && !t.W) || (t.O !== null && t.O.indexOf(field) === -1)))
    return { value: null, refusal: `order=${order}${filtered ? ' on a filtered list' : ''}` };
  return { value: order };
}

/** The prebuilt `page_size` (null: none sent, or one DRF ignores), or what is not prebuilt. */
function pageSizeOf(t: CfTable, q: Get): number | null | string {
  const raw = q('page_size');
  const size = raw === null ? null : askedPageSize(raw);
  return size !== null && t.Z.indexOf(size) === -1 ? `page_size=${raw!}` : size;
}

/** The page asked for: `last`, an integer (0 when it is none). */
function pageOf(q: Get): number | 'last' {
  const raw = q('page');
  if (raw === null || raw === '') return 1;
  return raw === 'last' ? 'last' : (pyInt(raw) ?? 0);
}

/** A list's file below its format folder, without the extension (see {@link CfResource.t}), or the refusal (src/runtime/prebuilt.ts `prebuiltRoute`, then `isFileable`). */
export function list<R>(
  t: CfTable,
  res: CfResource,
  id: string,
  q: Get,
  fail: (e: CfError, value?: string) => R,
): string | R {
  let pairs = '';
  let filters = 0;
  let fileable = true;
  const keys = res.m === undefined ? [] : t.G[res.m]!;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const value = q(key);
    if (value === null || value === '' || (t.Q[key] !== undefined && value !== t.Q[key])) continue;
    let fold: string | null = null;
    for (let k = 0; res.k && k < t.P.length; k++) if (t.P[k]![0] === key) fold = t.P[k]![1];
    if (fold === null) return fail(t.E.U, `The filter ${key}`);
    const stored = fold === 'u' ? asciiUpper(value) : fold === 'l' ? asciiLower(value) : value;
    if (!isSafeSegment(stored)) fileable = false;
    pairs += `${key}/${stored}/`;
    filters++;
  }
  const order = orderRefusal(t, res, q, filters > 0);
  if (order.refusal !== undefined) return fail(t.E.U, order.refusal);
  const size = pageSizeOf(t, q);
  if (typeof size === 'string') return fail(t.E.U, size);
  const page = pageOf(q);
  if (!(page === 'last' || (page >= 1 && page <= 9007199254740991))) return fail(t.E.I);
  if (res.s.length > 1 && !isSafeSegment(id)) return fail(t.E.N);
  if (!fileable) return fail(t.E.U, 'A filter selection that matches no matrix');
  // The template the path function wrote; `default`: no page size or order, as there.
  return (res.t + t.M)
    .replace(':id', id)
    .replace(':f', pairs)
    .replace(':s', size === null ? 'default' : String(size))
    .replace(':o', order.value === null ? 'default' : order.value)
    .replace(':p', String(page));
}
