/**
 * A table of records (a list page's `results`, a versions list): one row per record, its
 * plain fields as columns, a logo thumbnail where the record has one, and its first link to
 * a page of this build on the first cell. URL fields show in the response below the table.
 */
import type { Json, JsonObject } from '../../model/json.js';
import type { RenderContext } from '../context.js';
import { esc } from './escape.js';
import { isRecord, valueHtml, type Linker } from './values.js';

const isImage = (href: string | null): boolean => href !== null && href.endsWith('.svg');

interface Columns {
  readonly plain: readonly string[];
  /** The field holding a logo URL, if the records have one. */
  readonly logo: string | null;
}

/** Columns from the first record: fields that are not URLs of this deployment, plus the logo. */
function columnsOf(first: JsonObject, link: Linker, base: string): Columns {
  let logo: string | null = null;
  const plain: string[] = [];
  for (const [key, value] of Object.entries(first)) {
    const isUrl = typeof value === 'string' && value.startsWith(`${base}/`);
    if (!isUrl) plain.push(key);
    else if (logo === null && isImage(link.asset(value))) logo = key;
  }
  return { plain, logo };
}

/** The first field of a record that names a page of this build, as a relative href. */
function recordHref(rec: JsonObject, link: Linker): string | null {
  for (const value of Object.values(rec)) {
    if (typeof value !== 'string' || link.asset(value) !== null) continue;
    const href = link.href(value);
    if (href !== null) return href;
  }
  return null;
}

function row(rec: JsonObject, cols: Columns, link: Linker): string {
  const href = recordHref(rec, link);
  const cells = cols.plain.map((key, i) => {
    const value = rec[key] ?? null;
    const linkable = typeof value === 'string' || typeof value === 'number';
    const html = i === 0 && href !== null && linkable ? `<a href="${esc(href)}">${esc(String(value))}</a>` : valueHtml(value, link);
    return `<td>${html}</td>`;
  });
  if (cols.logo !== null) {
    const url = rec[cols.logo];
    const src = typeof url === 'string' ? link.asset(url) : null;
    cells.push(`<td>${src === null ? '' : `<img class="thumb" src="${esc(src)}" alt="logo" loading="lazy">`}</td>`);
  }
  return `<tr>${cells.join('')}</tr>`;
}

/** "1 record", "34 records". */
export const recordCount = (n: number): string => `${n} record${n === 1 ? '' : 's'}`;

/**
 * The records as a table. Rows are cached per record and linker key, as a record appears on
 * pages of every order, filter and page size: pass a shared linker.
 */
export function recordsTable(results: readonly Json[], link: Linker, ctx: RenderContext, cacheKey: string): string {
  const records = results.filter(isRecord);
  const first = records[0];
  if (first === undefined) return '<p class="muted">No results.</p>';
  const cols = columnsOf(first, link, ctx.baseUrl);
  const head = [...cols.plain.map((k) => `<th>${esc(k)}</th>`), ...(cols.logo === null ? [] : ['<th>logo</th>'])].join('');
  const namespace = `html-row:${cacheKey}:${link.cacheKey}`;
  const rows = records.map((rec) => ctx.cache.get(namespace, rec, () => row(rec, cols, link)));
  return `<div class="scroll"><table class="records"><thead><tr>${head}</tr></thead><tbody>${rows.join('')}</tbody></table></div>`;
}
