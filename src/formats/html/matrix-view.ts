/**
 * The people's view of one matrix: facts, forward and reverse-complement logos, the PFM as a
 * table, annotations, proteins, species with tax ids, the other versions of its base id and
 * its TFFM. Links go to pages of this build only where the build has them.
 */
import { apiUrl, matrixUrl, tffmUrl, versionsUrl } from '../../api/urls.js';
import { logoFile } from '../../logos/files.js';
import { PALETTE } from '../../logos/glyphs.js';
import { BASES, type Matrix } from '../../model/types.js';
import type { RenderContext } from '../context.js';
import { pyFloatRepr } from '../../api/numbers.js';
import { anchor, esc } from './runtime-safe/escape.js';
import type { Linker } from './values.js';

/** A value linked to the page an absolute URL names, or plain when the build has no such page. */
function linked(text: string, url: string, link: Linker): string {
  const href = link.href(url);
  return href === null ? esc(text) : anchor(href, text);
}

const facts = (rows: readonly [string, string][]): string =>
  `<dl class="facts">${rows.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${v}</dd>`).join('')}</dl>`;

/**
 * Lazy images: Chromium's preload scanner fetches eager ones before the page's base fix-up
 * runs, which at an API URL means a wasted request to a wrong path.
 */
function logos(m: Matrix, link: Linker): string {
  const figure = (strand: 'forward' | 'reverse', caption: string) =>
    `<figure><img src="${esc(link.toFile(logoFile(m.matrixId, strand)))}" alt="${esc(`${caption} logo of ${m.matrixId}`)}" loading="lazy"><figcaption>${esc(caption)}</figcaption></figure>`;
  return `<h2>Sequence logo</h2>${figure('forward', 'Forward strand')}${figure('reverse', 'Reverse complement')}`;
}

const count = (v: number): string => (Number.isInteger(v) ? String(v) : pyFloatRepr(v));

function pfmTable(m: Matrix): string {
  const width = m.pfm.A.length;
  if (width === 0)
    return '<h2>Position frequency matrix</h2><p class="muted">This matrix has no counts in the release.</p>';
  const head = `<tr><th></th>${Array.from({ length: width }, (_, i) => `<th class="num">${i + 1}</th>`).join('')}</tr>`;
  const rows = BASES.map(
    (b) =>
      `<tr><th class="base" style="background:${PALETTE[b]}">${b}</th>${m.pfm[b].map((v) => `<td>${count(v)}</td>`).join('')}</tr>`,
  );
  return `<h2>Position frequency matrix</h2><div class="scroll"><table class="pfm">${head}${rows.join('')}</table></div>`;
}

/** Annotation tags in the API's order (byte order of TAG), values in dump order. */
function annotations(m: Matrix, ctx: RenderContext, link: Linker): string {
  const byTag = new Map<string, string[]>();
  for (const a of [...m.annotations].sort((x, y) => (x.tag < y.tag ? -1 : x.tag > y.tag ? 1 : 0))) {
    const values = byTag.get(a.tag);
    if (values) values.push(a.value);
    else byTag.set(a.tag, [a.value]);
  }
  if (byTag.size === 0) return '';
  const show = (tag: string, v: string): string => {
    if (tag === 'medline' && /^\d+$/.test(v)) return anchor(`https://pubmed.ncbi.nlm.nih.gov/${v}/`, v);
    if (tag === 'tax_group') return linked(v, apiUrl(ctx.baseUrl, `taxon/${encodeURIComponent(v)}/`), link);
    return esc(v);
  };
  return `<h2>Annotations</h2>${facts([...byTag].map(([tag, vs]) => [tag, vs.map((v) => show(tag, v)).join('; ')]))}`;
}

function proteinsAndSpecies(m: Matrix, ctx: RenderContext, link: Linker): string {
  const proteins = m.uniprotIds.length
    ? m.uniprotIds
        .map((acc) => anchor(`https://www.uniprot.org/uniprotkb/${encodeURIComponent(acc)}/entry`, acc))
        .join(', ')
    : '<span class="muted">none</span>';
  const species = m.species.map(
    (s) =>
      `<tr><td class="num">${linked(s.taxId, apiUrl(ctx.baseUrl, `species/${encodeURIComponent(s.taxId)}/`), link)}</td><td>${s.name === null ? '<span class="muted">unknown</span>' : esc(s.name)}</td></tr>`,
  );
  const table = species.length
    ? `<table><tr><th>tax id</th><th>species</th></tr>${species.join('')}</table>`
    : '<p class="muted">No species.</p>';
  return `<h2>Proteins and species</h2>${facts([['UniProt', proteins]])}${table}`;
}

function versions(m: Matrix, ctx: RenderContext, link: Linker): string {
  const all = ctx.index.versions.get(m.baseId) ?? [m];
  const items = all.map((v) =>
    v === m
      ? `<li><strong>${esc(v.matrixId)}</strong> ${esc(v.name)} <span class="muted">(this page)</span></li>`
      : `<li>${linked(v.matrixId, matrixUrl(ctx.baseUrl, v.matrixId), link)} ${esc(v.name)}</li>`,
  );
  return `<h2>Versions of ${esc(m.baseId)}</h2><ul class="plain">${items.join('')}</ul><p>${linked('All versions as an API response', versionsUrl(ctx.baseUrl, m.baseId), link)}</p>`;
}

function tffm(m: Matrix, ctx: RenderContext, link: Linker): string {
  const t = ctx.index.tffmByMatrix.get(m.matrixId);
  if (!t) return '<h2>TFFM</h2><p class="muted">No TFFM is trained on this matrix.</p>';
  const logP = (v: number | null) => (v === null ? '<span class="muted">null</span>' : esc(pyFloatRepr(v)));
  return `<h2>TFFM</h2>${facts([
    ['TFFM', linked(t.tffmId, tffmUrl(ctx.baseUrl, t.tffmId), link)],
    ['experiment', t.experimentName === null ? '<span class="muted">null</span>' : esc(t.experimentName)],
    ['log p, 1st order', logP(t.logP1stOrder)],
    ['log p, detailed', logP(t.logPDetailed)],
  ])}`;
}

/** The whole matrix view (HTML). */
export function matrixView(m: Matrix, ctx: RenderContext, link: Linker): string {
  const head = facts([
    ['matrix id', esc(m.matrixId)],
    ['name', esc(m.name)],
    ['base id', esc(m.baseId)],
    ['version', String(m.version)],
    ['collection', linked(m.collection, apiUrl(ctx.baseUrl, `collections/${encodeURIComponent(m.collection)}/`), link)],
  ]);
  return [
    head,
    logos(m, link),
    pfmTable(m),
    annotations(m, ctx, link),
    proteinsAndSpecies(m, ctx, link),
    versions(m, ctx, link),
    tffm(m, ctx, link),
  ].join('\n');
}
