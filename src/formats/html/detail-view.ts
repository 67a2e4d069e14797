/**
 * The view of a single response: a records table when it carries `results` (a versions list,
 * whose records are matrix list records), the matrix view for a matrix, else its fields as a
 * table (a TFFM), nested objects as nested tables.
 */
import type { Json, JsonObject } from '../../model/json.js';
import type { RenderContext, RenderInput } from '../context.js';
import { esc } from './runtime-safe/escape.js';
import { matrixView } from './matrix-view.js';
import { recordLinks } from './record-links.js';
import { recordRow } from './record-row.js';
import { recordCount, recordsTable } from './runtime-safe/records-table.js';
import { isRecord, valueHtml, type Linker } from './values.js';

function fieldHtml(value: Json, link: Linker): string {
  if (isRecord(value)) return propertiesTable(value, link);
  if (Array.isArray(value) && value.some(isRecord))
    return (value as readonly Json[]).map((v) => fieldHtml(v, link)).join('');
  return valueHtml(value, link);
}

/** Every field of an object as a two-column table. */
function propertiesTable(obj: JsonObject, link: Linker): string {
  const rows = Object.entries(obj).map(([k, v]) => `<tr><th>${esc(k)}</th><td>${fieldHtml(v, link)}</td></tr>`);
  return `<table class="props">${rows.join('')}</table>`;
}

/** The records of a versions list as a table, linked as list fragments link (`shared`). */
function versionsTable(results: readonly Json[], ctx: RenderContext, shared: Linker): string {
  const rows = results
    .filter(isRecord)
    .map((rec) => recordRow('matrix', rec, recordLinks('matrix', rec, ctx.baseUrl), (t) => esc(shared.to(t))));
  return recordsTable('matrix', rows);
}

/** The view of a detail response; `shared` links the records of a `results` table (see sharedLinker). */
export function detailView(input: RenderInput, ctx: RenderContext, link: Linker, shared: Linker): string {
  const data = input.data;
  if (isRecord(data) && Array.isArray(data.results)) {
    const count = typeof data.count === 'number' ? `<p class="muted">${recordCount(data.count)}</p>` : '';
    return `${count}${versionsTable(data.results as readonly Json[], ctx, shared)}`;
  }
  if (input.matrices !== null && input.matrices.length > 0)
    return input.matrices.map((m) => matrixView(m, ctx, link)).join('\n');
  return isRecord(data) ? propertiesTable(data, link) : `<p>${valueHtml(data, link)}</p>`;
}
