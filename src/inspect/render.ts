/** The text `jaspar-static inspect` prints for a report. */
import { shorten, type Warning } from '../errors.js';
import type { InspectReport, ListReport } from './inspect.js';

const where = (w: Warning): string => {
  const at = [w.place.file, w.place.line].filter((x) => x !== undefined).join(':');
  return at ? `${at}: ` : '';
};

/** Lists of one kind (e.g. every `species/…`) folded into one line when there are many. */
function listLines(lists: readonly ListReport[], kind: string, foldAbove: number): string[] {
  const own = lists.filter((l) => l.list === kind || l.list.startsWith(`${kind}/`));
  if (own.length <= foldAbove)
    return own.map(
      (l) => `  ${l.list.padEnd(28)} ${String(l.items).padStart(6)} items ${String(l.pages).padStart(5)} pages`,
    );
  const items = own.reduce((n, l) => n + l.items, 0);
  const totalPages = own.reduce((n, l) => n + l.pages, 0);
  const largest = own.reduce((a, b) => (b.items > a.items ? b : a));
  return [
    `  ${`${kind}/…`.padEnd(28)} ${own.length} lists, ${items} items, ${totalPages} pages (largest ${largest.list}: ${largest.items} items, ${largest.pages} pages)`,
  ];
}

const bytes = (n: number): string => `${n.toLocaleString('en-US')} bytes`;

/** The download area: in all, then per folder. */
function downloadLines(r: InspectReport): string[] {
  const d = r.downloads;
  if (d === null) return ['download area: not computed (the dump has fatal problems)'];
  return [
    `download area (/download/data/${d.folder}/ and /download/database/): ${d.files} files, ${bytes(d.bytes)}`,
    ...d.folders.map(
      (f) => `  ${f.name.padEnd(18)} ${String(f.files).padStart(8)} files ${bytes(f.bytes).padStart(18)}`,
    ),
  ];
}

/** Render the report as lines of text (problems listed in full, never truncated). */
export function renderReport(dump: string, r: InspectReport): string[] {
  const lines = [`${dump}: ${r.shape}, release ${r.release}${r.year === null ? '' : ` (${r.year})`}`, 'tables:'];
  for (const t of r.tables) {
    lines.push(`  ${t.table.padEnd(18)} ${t.found ? `${String(t.found.rows).padStart(8)} rows` : '  absent'}`);
  }
  lines.push(`matrices: ${r.matrices}, TFFMs: ${r.tffms}, collections: ${r.collections.length}`);
  for (const c of r.collections) lines.push(`  ${c.name.padEnd(18)} ${String(c.matrices).padStart(8)} matrices`);
  lines.push(`lists (page size ${r.pageSize}):`);
  for (const kind of ['matrix', 'tffm', 'collections', 'taxon']) lines.push(...listLines(r.lists, kind, 30));
  lines.push(...listLines(r.lists, 'species', 10));
  lines.push(...downloadLines(r));
  lines.push(`problems: ${r.fatal.length} fatal (a build stops at the first), ${r.warnings.length} warning(s)`);
  for (const f of r.fatal) lines.push(`  fatal: ${f.formatted}`);
  for (const w of r.warnings)
    lines.push(
      `  warning: ${where(w)}${w.message}${w.place.text === undefined ? '' : ` ("${shorten(w.place.text)}")`}`,
    );
  return lines;
}
