/**
 * The analysis page's tools (contract §11), in the page's own script: the picked profiles
 * (`matrix_id=` in the address, else the cart) loaded from their record scripts (records.ts),
 * then Download, Scan or Permute, from the form or from the address (`tool=scan&threshold=80&
 * sequence=…`), so a result is a link. The work is src/analysis/'s; a scan runs profile by
 * profile, yielding between them, so the page stays responsive. Bad input gets a message on the
 * page. Browser code.
 */
import { parseFasta } from '../../analysis/fasta.js';
import { hitsTsv } from '../../analysis/hits-tsv.js';
import { permute, type PermuteKind } from '../../analysis/permute.js';
import { scan, type Hit } from '../../analysis/scan.js';
import { combined, individualZip, type SelectionFormat } from '../../analysis/selection.js';
import { readThreshold } from '../../analysis/threshold.js';
import { esc } from '../../formats/html/runtime-safe/escape.js';
import * as jaspar from '../../formats/jaspar.js';
import type { MatrixTextRenderer } from '../../formats/matrix-text.js';
import * as meme from '../../formats/meme.js';
import * as pfm from '../../formats/pfm.js';
import * as transfac from '../../formats/transfac.js';
import type { Matrix } from '../../model/types.js';
import { profilePath } from '../paths.js';
import { RECORD_FORMATS, RECORDS_GLOBAL, recordScriptFile, type ProfileRecord } from '../records.js';
import { fixLinks } from './links.js';

declare global {
  interface Window {
    [RECORDS_GLOBAL]?: { [id: string]: ProfileRecord };
  }
}

/** Rows a scan shows in its table at most; the TSV holds every hit. */
const MAX_ROWS = 5000;
const SCAN_COLUMNS = ['Matrix ID', 'Name', 'Sequence ID', 'Start', 'End', 'Strand', 'Score', 'Relative score', 'Site'];
const RENDER: Readonly<Record<SelectionFormat, MatrixTextRenderer>> = { jaspar, meme, transfac, pfm };

const isFormat = (f: string | null): f is SelectionFormat => RECORD_FORMATS.indexOf(f as SelectionFormat) !== -1;

export interface AnalysisContext {
  readonly root: string;
  readonly get: (name: string) => string | null;
  readonly all: (name: string) => string[];
  readonly cartIds: () => string[];
  /** The ids of this release's profiles. */
  readonly knownIds: () => string[];
}

/** The record scripts asked for, each once however many of its profiles are picked. */
const scripts = new Map<string, Promise<void>>();

function loadScript(src: string): Promise<void> {
  let p = scripts.get(src);
  if (p === undefined) {
    p = new Promise((done) => {
      const s = document.createElement('script');
      s.src = src;
      s.onload = () => done();
      s.onerror = () => done();
      document.head.appendChild(s);
    });
    scripts.set(src, p);
  }
  return p;
}

async function loadRecord(root: string, id: string): Promise<ProfileRecord | null> {
  const found = () => window[RECORDS_GLOBAL]?.[id] ?? null;
  if (found() === null) await loadScript(root + recordScriptFile(id));
  return found();
}

const out = (): HTMLElement => document.getElementById('results')!;

function show(html: string, state = 'done'): void {
  const el = out();
  el.innerHTML = html;
  fixLinks(el);
  el.setAttribute('data-state', state);
}

const message = (text: string, cls = 'error'): void => show(`<p class="${cls}">${esc(text)}</p>`);

/** A link that saves `content` as `name`. */
function saveLink(name: string, content: string | Uint8Array, type: string, label: string): string {
  const blob = new Blob([content as BlobPart], { type });
  return `<a class="button" download="${esc(name)}" href="${esc(URL.createObjectURL(blob))}">${esc(label)}</a>`;
}

function doDownload(records: readonly ProfileRecord[], format: SelectionFormat, type: string): void {
  const answers = records.map((r) => ({ matrixId: r.id, text: r.files[format] }));
  if (type === 'individual') {
    const zip = individualZip(answers, format);
    show(
      `<p>${records.length} profiles, one <code>.${esc(format)}</code> file each.</p><p>${saveLink(`JASPAR_individual_matrices_${format}.zip`, zip, 'application/zip', 'Download the .zip')}</p>`,
    );
    return;
  }
  const text = combined(answers, format);
  show(
    `<p>${records.length} profiles in one file.</p><p>${saveLink(`JASPAR_combined_matrices_${format}.txt`, text, 'text/plain', 'Download the .txt')}</p><pre class="response">${esc(text)}</pre>`,
  );
}

function scanTable(hits: readonly Hit[], root: string): string {
  const head = SCAN_COLUMNS.map((c) => `<th scope="col">${c}</th>`).join('');
  const rows = hits
    .slice(0, MAX_ROWS)
    .map(
      (h) =>
        `<tr data-matrix-id="${esc(h.matrixId)}"><td><a href="${esc(root + profilePath(h.matrixId))}">${esc(h.matrixId)}</a></td><td>${esc(h.name)}</td><td>${esc(h.seqId)}</td><td class="num">${h.start}</td><td class="num">${h.end}</td><td>${h.strand}</td><td class="num">${h.score.toFixed(3)}</td><td class="num">${(h.relScore * 100).toFixed(1)}%</td><td class="site">${esc(h.site)}</td></tr>`,
    )
    .join('');
  return `<div class="scroll"><table class="scan"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></div>`;
}

async function doScan(
  ctx: AnalysisContext,
  records: readonly ProfileRecord[],
  sequence: string,
  threshold: string | null,
): Promise<void> {
  const t = readThreshold(threshold);
  if (!t.ok) return message(t.message);
  const fasta = parseFasta(sequence);
  if (!fasta.ok) return message(fasta.error.message);
  show('<p class="muted">Scanning…</p>', 'running');
  const hits: Hit[] = [];
  for (const r of records) {
    // One profile at a time, the page handling its events in between.
    await new Promise((next) => setTimeout(next, 0));
    for (const h of scan([{ matrixId: r.id, name: r.name, pfm: r.counts }], fasta.records, t.value)) hits.push(h);
  }
  const more = hits.length > MAX_ROWS ? ` The table shows the first ${MAX_ROWS}; the TSV holds them all.` : '';
  show(
    `<p class="count"><b>${hits.length} ${hits.length === 1 ? 'site' : 'sites'}</b> at a relative score of ${t.value}% or more, ${records.length} profiles over ${fasta.records.length} ${fasta.records.length === 1 ? 'sequence' : 'sequences'}.${more}</p><p>${saveLink('JASPAR_scan_results.tsv', hitsTsv(hits), 'text/tab-separated-values', 'Download the results (TSV)')}</p>${hits.length ? scanTable(hits, ctx.root) : ''}`,
  );
}

function doPermute(
  records: readonly ProfileRecord[],
  kind: string | null,
  format: string | null,
  seed: string | null,
): void {
  if (kind !== 'intra' && kind !== 'inter') {
    message('Permute: choose intra (within each profile) or inter (across the profiles).');
    return;
  }
  if (!isFormat(format)) {
    message('Permute: choose a format: jaspar, meme, transfac or pfm.');
    return;
  }
  const base = /^URL (.*)\/matrix\//m.exec(records[0]?.files.meme ?? '')?.[1] ?? '';
  const stubs = records.map((r) => ({ id: r.id, name: r.name, pfm: r.counts }));
  const result = permute(kind as PermuteKind, stubs, seed ?? undefined);
  const matrices: Matrix[] = result.profiles.map((p, i) => {
    const dot = p.id.lastIndexOf('.');
    return {
      key: i,
      matrixId: p.id,
      baseId: p.id.slice(0, dot),
      version: Number(p.id.slice(dot + 1)),
      collection: '',
      name: p.name,
      pfm: p.pfm,
      annotations: [],
      uniprotIds: [],
      species: [],
      sites: null,
    };
  });
  const text = RENDER[format].renderMatrices(matrices, { baseUrl: base, year: null });
  show(
    `<p>${records.length} profiles, columns permuted ${kind === 'intra' ? 'within each profile' : 'across the profiles'}, seed <code class="seed">${esc(result.seed)}</code> (the same seed repeats the run).</p><p>${saveLink(`JASPAR_permuted_matrices_${format}.txt`, text, 'text/plain', 'Download the .txt')}</p><pre class="response">${esc(text)}</pre>`,
  );
}

/** Set up the analysis page: load the picked profiles, wire the form, run the tool the address names. */
export async function startAnalysis(ctx: AnalysisContext): Promise<void> {
  const named = ctx.all('matrix_id');
  const ids = [...new Set(named.length ? named : ctx.cartIds())];
  const picked = document.getElementById('picked')!;
  if (ids.length === 0) {
    picked.innerHTML = `<p class="notice">No profile picked: add profiles to the <a href="${esc(`${ctx.root}cart/`)}">cart</a>, or name them in the address (<code>?matrix_id=MA0004.1</code>).</p>`;
    fixLinks(picked);
    if (ctx.get('tool')) message('No profile picked.');
    return;
  }
  // Only ids of this release are fetched (the site's rows say which): no request for anything else.
  const known = new Set(ctx.knownIds());
  const loaded = await Promise.all(ids.map((id) => (known.has(id) ? loadRecord(ctx.root, id) : Promise.resolve(null))));
  const records = loaded.filter((r): r is ProfileRecord => r !== null);
  const unknown = ids.filter((_, i) => loaded[i] === null);
  picked.innerHTML =
    `<p><b>${records.length} ${records.length === 1 ? 'profile' : 'profiles'} picked:</b> ${records.map((r) => `<a href="${esc(ctx.root + profilePath(r.id))}">${esc(r.id)}</a> ${esc(r.name)}`).join(', ')}</p>` +
    (unknown.length ? `<p class="notice">Not in this release: ${esc(unknown.join(', '))}</p>` : '');
  fixLinks(picked);
  const form = document.getElementById('analysis') as HTMLFormElement;
  for (const id of named) {
    const hidden = document.createElement('input');
    hidden.type = 'hidden';
    hidden.name = 'matrix_id';
    hidden.value = id;
    form.appendChild(hidden);
  }
  const field = (name: string) =>
    form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | null;
  for (const name of ['format', 'download_type', 'sequence', 'threshold', 'permute_type', 'permute_format', 'seed']) {
    const v = ctx.get(name);
    const f = field(name);
    if (v !== null && f !== null) f.value = v;
  }
  const run = async (tool: string | null, get: (name: string) => string | null): Promise<void> => {
    if (records.length === 0) return message('None of the picked profiles is in this release.');
    if (tool === 'download') {
      const format = get('format') ?? 'jaspar';
      if (!isFormat(format)) return message('Download: choose a format: jaspar, meme, transfac or pfm.');
      return doDownload(records, format, get('download_type') ?? 'combined');
    }
    if (tool === 'scan') return doScan(ctx, records, get('sequence') ?? '', get('threshold'));
    if (tool === 'permute')
      return doPermute(records, get('permute_type') ?? 'intra', get('permute_format') ?? 'pfm', get('seed'));
    if (tool === 'randomize' || tool === 'cluster')
      return message(
        'Randomize and Cluster need programs that run on JASPAR’s server: use JASPAR’s analysis page.',
        'notice',
      );
    if (tool !== null && tool !== '')
      return message(`Unknown tool: ${tool}. The tools are download, scan and permute.`);
  };
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const submitter = (e as SubmitEvent).submitter as HTMLButtonElement | null;
    const tool = submitter?.value ?? 'download';
    const file = document.getElementById('sequence-file') as HTMLInputElement | null;
    const get = (name: string) => field(name)?.value ?? null;
    const go = (sequence: string | null) => {
      void run(tool, (name) => (name === 'sequence' && sequence !== null ? sequence : get(name)));
      // The run as a link, where it fits in an address.
      const params = new URLSearchParams();
      params.set('tool', tool);
      for (const id of named) params.append('matrix_id', id);
      const names =
        tool === 'scan'
          ? ['threshold']
          : tool === 'permute'
            ? ['permute_type', 'permute_format', 'seed']
            : ['format', 'download_type'];
      for (const n of names) params.set(n, get(n) ?? '');
      if (tool === 'scan') params.set('sequence', sequence ?? get('sequence') ?? '');
      const query = `?${params.toString()}`;
      if (query.length < 8000) history.replaceState(null, '', query);
    };
    if (tool === 'scan' && file?.files?.[0]) {
      file.files[0].text().then(go, () => message('The FASTA file could not be read.'));
    } else go(null);
  });
  await run(ctx.get('tool'), ctx.get);
}
