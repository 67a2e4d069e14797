/**
 * The profile page, `/matrix/<matrix_id>/` (the 2018 `matrix_detail` view, contract §10): name,
 * id, collection, versions, the logo on both strands, the count matrix (its reverse complement
 * with `?revcomp=1`: both are in the file, the page's script shows the one asked for), every
 * annotation, UniProt accessions, species, the TFFM, the binding sites, the downloads in every
 * format of the copy, and the cart. MEME answers end with `URL <base>/matrix/<id>`: this is the
 * page people reach from there. Pure.
 */
import { anchor, esc } from '../formats/html/runtime-safe/escape.js';
import { logoFile } from '../logos/files.js';
import { reverseComplement } from '../logos/geometry.js';
import { BASES, type Matrix, type Pfm } from '../model/types.js';
import { logoPagePath, profilePath, rootFrom, sitesPath, versionsPath } from './paths.js';
import { shell } from './shell.js';

/** What the page links beyond the matrix itself (the site writer knows where these live). */
export interface ProfileLinks {
  /** Every version of the base id, ascending. */
  readonly versions: readonly string[];
  /** The profile's TFFM: id and the href of its record from the site root. */
  readonly tffm: { readonly id: string; readonly href: string } | null;
  /** The profile's record in each format: label and href from the site root. */
  readonly downloads: readonly { readonly format: string; readonly href: string }[];
}

const BASE_COLOURS: Readonly<Record<string, string>> = { A: '#2e8b3a', C: '#2f5fb3', G: '#e0a100', T: '#c8312f' };

function countTable(pfm: Pfm, caption: string, cls: string): string {
  const width = pfm.A.length;
  const head = Array.from({ length: width }, (_, i) => `<th class="num" scope="col">${i + 1}</th>`).join('');
  const rows = BASES.map(
    (b) =>
      // A count is a number: nothing in it to escape.
      `<tr><th class="base" scope="row" style="background:${BASE_COLOURS[b]}">${b}</th>${pfm[b].map((v) => `<td>${v}</td>`).join('')}</tr>`,
  ).join('');
  return `<div class="scroll ${cls}"><table class="pfm"><caption>${esc(caption)}</caption><thead><tr><th></th>${head}</tr></thead><tbody>${rows}</tbody></table></div>`;
}

const pubmed = (id: string): string => anchor(`https://pubmed.ncbi.nlm.nih.gov/${encodeURIComponent(id)}/`, id);
const uniprot = (acc: string): string =>
  anchor(`https://www.uniprot.org/uniprotkb/${encodeURIComponent(acc)}/entry`, acc);

/** The annotations in dump order, one row per tag (its values joined), PubMed ids as links. */
function annotations(m: Matrix): string {
  const tags = new Map<string, string[]>();
  for (const a of m.annotations) tags.set(a.tag, [...(tags.get(a.tag) ?? []), a.value]);
  return [...tags]
    .map(([tag, values]) => {
      const shown = tag === 'medline' ? values.map(pubmed).join(', ') : esc(values.join(', '));
      return `<dt>${esc(tag)}</dt><dd>${shown}</dd>`;
    })
    .join('');
}

export function profilePage(m: Matrix, links: ProfileLinks, release: string): string {
  const root = rootFrom(profilePath(m.matrixId));
  const id = m.matrixId;
  const versions = links.versions
    .map((v) => (v === id ? `<b>${esc(v)}</b>` : anchor(root + profilePath(v), v)))
    .join(', ');
  const species = m.species.length
    ? m.species.map((s) => `${esc(s.name ?? '')} <span class="muted">(tax id ${esc(s.taxId)})</span>`).join('; ')
    : '<span class="muted">none given</span>';
  const facts = [
    ['Matrix id', `<b>${esc(id)}</b>`],
    ['Name', esc(m.name)],
    ['Collection', anchor(`${root}collection/${m.collection}/`, m.collection)],
    ['Base id', `${esc(m.baseId)} (version ${m.version})`],
    ['Versions', `${versions} · ${anchor(root + versionsPath(m.baseId), 'all versions')}`],
    ['Species', species],
    ['UniProt', m.uniprotIds.length ? m.uniprotIds.map(uniprot).join(', ') : '<span class="muted">none given</span>'],
    ['TFFM', links.tffm ? anchor(root + links.tffm.href, links.tffm.id) : '<span class="muted">none</span>'],
    [
      'Binding sites',
      m.sites === null
        ? '<span class="muted">not in this release</span>'
        : anchor(root + sitesPath(id), `${m.sites.fasta?.length ?? m.sites.bed?.length ?? 0} sites`),
    ],
  ]
    .map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`)
    .join('');
  const logo = (file: string, caption: string) =>
    `<figure><img src="${esc(root + file)}" alt="${esc(`${caption} of ${id}`)}"><figcaption>${esc(caption)}</figcaption></figure>`;
  const downloads = links.downloads.map((d) => anchor(root + d.href, d.format)).join(' · ');
  const body = [
    `<h1>${esc(id)} <span class="muted">${esc(m.name)}</span></h1>`,
    `<p><button type="button" class="cart-toggle" data-matrix-id="${esc(id)}">Add to cart</button></p>`,
    `<dl class="facts">${facts}</dl>`,
    '<h2>Sequence logo</h2>',
    `<div class="logos">${logo(logoFile(id, 'forward'), 'Logo')}${logo(logoFile(id, 'reverse'), 'Reverse complement logo')}</div>`,
    `<p>${anchor(root + logoPagePath(id), 'The logo as SVG')}</p>`,
    '<h2>Frequency matrix</h2>',
    `<p><a href="?revcomp=1" class="show-revcomp">Reverse complement</a> · <a href="?" class="show-forward">As given</a></p>`,
    countTable(m.pfm, `${id} counts`, 'forward'),
    countTable(reverseComplement(m.pfm), `${id} counts, reverse complement`, 'revcomp'),
    '<h2>Annotations</h2>',
    m.annotations.length ? `<dl class="facts">${annotations(m)}</dl>` : '<p class="muted">None in this release.</p>',
    '<h2>Download</h2>',
    `<p>${downloads || '<span class="muted">no format of this copy</span>'}</p>`,
  ].join('\n');
  return shell({ root, title: `${id} ${m.name}`, release, kind: 'profile', body });
}
