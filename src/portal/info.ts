/**
 * The site's informational pages (contract §10: `/about/`, `/docs/`, `/tools/`, `/faq/`,
 * `/changelog/`, `/profile-versions/`, `/tour/`, `/contact-us/`), written for the copy: what this
 * release holds, how versions work, what runs here and what needs JASPAR's servers. The `/api/`
 * page is the API's own landing page (src/formats/html/landing.ts), which links the site back.
 * Pure.
 */
import { anchor, esc } from '../formats/html/runtime-safe/escape.js';
import { ANALYSIS_PATH, CART_PATH, DOWNLOADS_PATH, EXTERNAL_TOOL_PAGES, rootFrom, SEARCH_PATH } from './paths.js';
import type { InfoPage } from './paths.js';
import { shell } from './shell.js';

/** What the pages say of the copy. */
export interface InfoFacts {
  readonly release: string;
  readonly matrices: number;
  readonly tffms: number;
  readonly collections: readonly string[];
  /** The API formats this copy answers. */
  readonly formats: readonly string[];
}

const JASPAR = 'https://jaspar.elixir.no';

type Page = { readonly title: string; readonly body: (f: InfoFacts, root: string) => string };

const PAGES: Readonly<Record<Exclude<InfoPage, 'api'>, Page>> = {
  about: {
    title: 'About',
    body: (f, root) =>
      `<p>JASPAR is an open-access database of curated, non-redundant transcription factor (TF) binding profiles, stored as position frequency matrices (PFMs) and TF flexible models (TFFMs), for TFs across multiple species in six taxonomic groups.</p><p>This site is a static copy of ${esc(f.release)}: ${f.matrices} profiles in ${f.collections.length} collections (${f.collections.map((c) => anchor(`${root}collection/${c}/`, c)).join(', ')}) and ${f.tffms} TFFMs. It answers JASPAR's web addresses, its ${anchor(`${root}api/`, 'REST API')} and its ${anchor(root + DOWNLOADS_PATH, 'download files')}, and runs from any web server or from disk. It was made with jaspar-static from the release's own dump; the data are JASPAR's (${anchor(JASPAR, 'jaspar.elixir.no')}), under JASPAR's licence (CC BY 4.0).</p>`,
  },
  docs: {
    title: 'Documentation',
    body: (_f, root) =>
      `<h2>Searching</h2><p>The ${anchor(root + SEARCH_PATH, 'search')} looks for the text in profile names, ids, every annotation (class, family, data type, source, comments…), UniProt accessions (exact) and species (a tax id exactly, or part of a species name). It searches the CORE collection unless another (or <i>all</i>) is chosen; the filters narrow by taxonomic group, species tax id, data type, TF class and family; <i>Latest only</i> keeps each profile's newest version. Results are ordered by base id and version.</p><h2>Profile pages</h2><p>Each profile has a page at <code>/matrix/&lt;id&gt;/</code> with its logo, its counts (and their reverse complement), annotations, species, UniProt links, versions, TFFM, binding sites and downloads.</p><h2>The cart and the tools</h2><p>Tick profiles on any list or profile page to keep them in the ${anchor(root + CART_PATH, 'cart')} (stored in this browser, per site and release), then download them together, scan sequences with them or permute them on the ${anchor(root + ANALYSIS_PATH, 'analysis page')}. Everything runs in the page: nothing is sent anywhere.</p><h2>Programs</h2><p>The ${anchor(`${root}api/`, 'REST API')} answers as JASPAR's does (<code>/api/v1/…</code>); pipelines fetch the ${anchor(root + DOWNLOADS_PATH, 'download files')} at JASPAR's own paths.</p>`,
  },
  tools: {
    title: 'Tools',
    body: (_f, root) =>
      `<dl class="tools-list"><dt>${anchor(root + ANALYSIS_PATH, 'Download, Scan, Permute')}</dt><dd>Run in this page, on the profiles you pick or keep in the ${anchor(root + CART_PATH, 'cart')}: download them in JASPAR, MEME, TRANSFAC or PFM format; scan FASTA sequences for binding sites with JASPAR's scoring; shuffle their columns.</dd>${EXTERNAL_TOOL_PAGES.map(
        (p) =>
          `<dt>${anchor(`${root}${p}/`, EXTERNAL_TITLES[p])}</dt><dd>Needs JASPAR's server: the page links JASPAR's own.</dd>`,
      ).join(
        '',
      )}<dt>Randomize and Cluster</dt><dd>Need JASPAR's server programs (PWMrandom, STAMP): use ${anchor(`${JASPAR}/analysis/`, "JASPAR's analysis page")}.</dd></dl>`,
  },
  faq: {
    title: 'FAQ',
    body: (f, root) =>
      `<dl class="tools-list"><dt>Is this JASPAR?</dt><dd>A copy of one release of it (${esc(f.release)}), at JASPAR's own addresses: change the host in a link, a script or a MEME file's URL line and it works here.</dd><dt>Why does a search find nothing?</dt><dd>It searches CORE unless you choose another collection or <i>All collections</i>.</dd><dt>How do I cite JASPAR?</dt><dd>Cite the JASPAR paper of the release (see ${anchor(JASPAR, 'jaspar.elixir.no')}).</dd><dt>Which formats can I download?</dt><dd>${f.formats.map((x) => `<code>${esc(x)}</code>`).join(' ')} from the API; JASPAR, MEME and TRANSFAC bundles on the ${anchor(root + DOWNLOADS_PATH, 'downloads page')}.</dd></dl>`,
  },
  changelog: {
    title: 'Changelog',
    body: (f) =>
      `<p>This copy serves ${esc(f.release)} as its dump holds it. JASPAR's own changelog of releases is at ${anchor(`${JASPAR}/changelog/`, 'jaspar.elixir.no/changelog')}.</p>`,
  },
  'profile-versions': {
    title: 'Profile versions',
    body: (_f, root) =>
      `<p>A profile's id is its base id and a version: <code>MA0004.1</code> is version 1 of <code>MA0004</code>. When JASPAR curates a profile again (new data, a better alignment) it keeps the base id and adds a version; older versions stay available. Each profile page lists its versions, and <code>/matrix/&lt;base id&gt;/versions/</code> shows them all. Searches keep every version unless <i>Latest only</i> is chosen (${anchor(`${root + SEARCH_PATH}?q=&collection=all&version=latest`, 'the latest of every profile')}).</p>`,
  },
  tour: {
    title: 'Tour',
    body: (_f, root) =>
      `<ol><li>${anchor(root + SEARCH_PATH, 'Search')} for a factor (a name, an id, a species).</li><li>Open a profile: its logo, counts, annotations and versions.</li><li>Tick profiles to add them to the ${anchor(root + CART_PATH, 'cart')}.</li><li>On the ${anchor(root + ANALYSIS_PATH, 'analysis page')}, download them or scan a sequence.</li><li>Fetch whole collections from the ${anchor(root + DOWNLOADS_PATH, 'downloads page')}.</li></ol>`,
  },
  'contact-us': {
    title: 'Contact',
    body: () =>
      `<p>This is a copy: write to its operator about the copy, and to JASPAR's team about the data (${anchor(`${JASPAR}/contact-us/`, "JASPAR's contact page")}).</p>`,
  },
};

export const EXTERNAL_TITLES: Readonly<Record<(typeof EXTERNAL_TOOL_PAGES)[number], string>> = {
  inference: 'Profile inference',
  align: 'Align a matrix',
  'matrix-clusters': 'Matrix clusters',
  'genome-tracks': 'Genome tracks',
};

const EXTERNAL_WHAT: Readonly<Record<(typeof EXTERNAL_TOOL_PAGES)[number], string>> = {
  inference:
    "infers the profiles of a protein sequence from its DNA-binding domains (BLAST against JASPAR's TF sequences)",
  align: "aligns a matrix you give against JASPAR's profiles (comparison by matrix alignment)",
  'matrix-clusters': "shows JASPAR's profiles clustered by similarity, per taxonomic group, as radial trees",
  'genome-tracks': 'offers genome-wide predicted binding sites of every profile as UCSC and Ensembl tracks',
};

/** One informational page. */
export function infoPage(page: Exclude<InfoPage, 'api'>, facts: InfoFacts): string {
  const root = rootFrom(`${page}/`);
  const p = PAGES[page];
  return shell({
    root,
    title: p.title,
    release: facts.release,
    kind: 'info',
    body: `<h1>${esc(p.title)}</h1>\n${p.body(facts, root)}`,
  });
}

/** A page of one of JASPAR's server tools: what it does, and that it needs JASPAR's own data. */
export function externalToolPage(page: (typeof EXTERNAL_TOOL_PAGES)[number], release: string): string {
  const root = rootFrom(`${page}/`);
  const title = EXTERNAL_TITLES[page];
  const body = `<h1>${esc(title)}</h1><p class="notice">On JASPAR, this tool ${esc(EXTERNAL_WHAT[page])}. It needs data and programs that a release dump does not carry, so this copy cannot run it: use ${anchor(`${JASPAR}/${page}/`, `JASPAR's ${title.toLowerCase()} page`)}.</p><p>${anchor(`${root}tools/`, 'The tools this copy runs')}.</p>`;
  return shell({ root, title, release, kind: 'tool', body });
}
