/**
 * The format bar of a detail page: the same response in every other format that applies
 * (from the format table, through `formatVariants`), this one marked. List pages make their
 * bars as they are assembled (list-nav.ts, list-nav-api.ts).
 */
import { formatSpec, type FormatName } from '../../api/formats.js';
import { resourceSpec } from '../../api/resources.js';
import { formatVariants } from '../../plan/generate.js';
import type { DetailRoute } from '../../routes/route.js';
import { hasBed } from '../bed.js';
import type { RenderContext, RenderInput } from '../context.js';
import { bar, item } from './runtime-safe/bars.js';
import type { Linker } from './values.js';

/**
 * Whether this response exists in a format the resource allows: a format that needs binding
 * sites renders nothing (no file) for matrices without any.
 */
function exists(format: FormatName, input: RenderInput): boolean {
  return formatSpec(format).needs !== 'sites' || (input.matrices !== null && hasBed(input.matrices));
}

/** Links to the detail of `route` in every format that applies to it, this one marked. */
export function formatBar(route: DetailRoute, input: RenderInput, ctx: RenderContext, link: Linker): string {
  const variants = formatVariants(resourceSpec(route.resource), ctx.routes).filter((v) => exists(v.format, input));
  const items = variants.map((v) =>
    item(v.format, link.toRoute({ ...route, format: v.format }), v.format === route.format, null),
  );
  return bar('Formats', items, 'formats');
}
