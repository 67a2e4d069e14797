/**
 * The target files of rule groups, from the one path function: routes whose values are
 * `:placeholders` (the key or path parameter that fills them), and what a placeholder becomes
 * when its key is absent (the segment the path function writes for no value).
 */
import type { FormatName } from '../../api/formats.js';
import type { DetailDescriptor, ListDescriptor, MatrixFilter } from '../../api/resources.js';
import { routeFile } from '../../routes/paths.js';
import type { DetailRoute, ListRoute, Params } from '../../routes/route.js';

/** The placeholder of a path parameter, e.g. `:id`. */
export const ID_PLACEHOLDER = ':id';

/** The route's fields that a key fills. */
type Field = 'order' | 'pageSize' | 'page';

const PLACEHOLDERS: Readonly<Record<Field, string>> = { order: ':order', pageSize: ':page_size', page: ':page' };

function params(segments: readonly string[]): Params {
  return segments.includes(ID_PLACEHOLDER) ? { id: ID_PLACEHOLDER } : {};
}

/**
 * A list route whose values are placeholders, or (for `absent`) that field left out as a
 * request without the key leaves it. Placeholders stand where routes hold numbers: a route of
 * text (`ListRoute<string>`, a TemplateRoute of src/routes/route.ts) for the path function's
 * template mode.
 */
function templateRoute(
  list: ListDescriptor,
  filters: readonly MatrixFilter[],
  ordered: boolean,
  format: FormatName,
  formatInQuery: boolean,
  absent: Field | null,
): ListRoute<string> {
  const values: Record<string, string> = {};
  for (const f of filters) values[f] = `:${f}`;
  const placeholder = (field: Field): string | null => (field === absent ? null : PLACEHOLDERS[field]);
  return {
    kind: 'list',
    resource: list.name as ListRoute['resource'],
    params: params(list.segments),
    filters: values,
    order: ordered ? placeholder('order') : null,
    pageSize: placeholder('pageSize'),
    page: placeholder('page') ?? '1',
    format,
    formatInQuery,
  };
}

/** The target of a list group, with a leading slash. */
export function listTarget(
  list: ListDescriptor,
  filters: readonly MatrixFilter[],
  ordered: boolean,
  format: FormatName,
  formatInQuery: boolean,
): string {
  return `/${routeFile(templateRoute(list, filters, ordered, format, formatInQuery, null), true)}`;
}

/** Where a placeholder stands in a template (`:page` is not the start of `:page_size`), or -1. */
export function placeholderAt(template: string, placeholder: string): number {
  for (let at = template.indexOf(placeholder); at !== -1; at = template.indexOf(placeholder, at + 1)) {
    if (!/[a-z_]/.test(template.charAt(at + placeholder.length))) return at;
  }
  return -1;
}

/** What the placeholder of `field` becomes when a request leaves its key out (`default`, page `1`). */
export function absentFill(
  list: ListDescriptor,
  filters: readonly MatrixFilter[],
  format: FormatName,
  formatInQuery: boolean,
  field: Field,
): string {
  const ordered = list.orders.length > 0;
  const full = listTarget(list, filters, ordered, format, formatInQuery);
  const without = `/${routeFile(templateRoute(list, filters, ordered, format, formatInQuery, field), true)}`;
  const at = placeholderAt(full, PLACEHOLDERS[field]);
  const tail = full.length - at - PLACEHOLDERS[field].length;
  if (
    at < 0 ||
    without.slice(0, at) !== full.slice(0, at) ||
    without.slice(without.length - tail) !== full.slice(full.length - tail)
  ) {
    throw new Error(`the path function does not write ${field} as one placeholder: ${full}`);
  }
  return without.slice(at, without.length - tail);
}

/** The target of a detail group, with a leading slash. */
export function detailTarget(detail: DetailDescriptor, format: FormatName): string {
  const route: DetailRoute = {
    kind: 'detail',
    resource: detail.name as DetailRoute['resource'],
    params: params(detail.segments),
    format,
  };
  return `/${routeFile(route, true)}`;
}
