/**
 * Client-shaped requests (contract §8): what JASPAR client libraries and browsers send — list
 * calls with `release`, `page_size` and `page`, every filter alone and combined, `version=latest`,
 * formats asked for by Accept (406 included), the DRF suffix form, HEAD, OPTIONS and other
 * methods — over the sample release (built as 2016, named `sample`).
 */
import type { ClientRequest } from './types.js';

/** What Python's coreapi client sends (coreapi 2.3.3; contract §8.2). */
export const COREAPI_ACCEPT = 'application/coreapi+json, application/vnd.coreapi+json, */*';

const get = (target: string, accept?: string): ClientRequest =>
  accept === undefined ? { method: 'GET', target } : { method: 'GET', target, accept };

/** List endpoints clients page through, with an instance of each. */
const LISTS = [
  '/api/v1/matrix/',
  '/api/v1/collections/CORE/',
  '/api/v1/taxon/vertebrates/',
  '/api/v1/species/9606/',
  '/api/v1/species/',
  '/api/v1/tffm/',
  '/api/v1/collections/',
  '/api/v1/taxon/',
  '/api/v1/releases/',
];

/** What clients append to every list call. */
const LIST_QUERIES = [
  '?release=2016&page_size=1000&page=1',
  '?release=2016&page_size=1000&page=1&version=latest',
  '?page=1&page_size=1000&release=sample',
  '?release=SAMPLE&page_size=20',
  '?page_size=7&page=2',
  '?page_size=25&page=last',
  '?page_size=100',
  '?page_size=0',
  '?page_size=5000',
  '?release=2014',
  '?release=JASPAR2016&page=1',
  '?page=2',
  '?page=0',
  '?page=abc',
];

/** Search and annotation filters on the matrix lists, alone and combined. */
const FILTERS = [
  'name=Zelt',
  'name=Arkin::Bexl&version=latest',
  'name=arkin::bexl',
  'name=',
  'tf_class=zinc',
  'tf_class=Zinc-coordinating&page_size=5',
  'tf_class=zipper&page_size=20&page=2&order=-name',
  'tf_family=homeo',
  'data_type=chip-seq',
  'data_type=SELEX&order=base_id',
  'search=ma010',
  'search=FOX&format=meme',
  'search=lm&order=-version&page_size=3&page=2',
  'search=%C3%BC',
  'tax_group=Vertebrates',
  'tax_group=insects&version=latest',
  'tax_id=9606&version=latest&order=-name',
  'tax_id=10090&page_size=2&page=2',
  'collection=core&order=name',
  'collection=CNE&tax_group=vertebrates',
  'collection=CORE&version=latest&order=-base_id',
  'version=latest',
  'version=2',
  'version=latest&order=version&page_size=1000',
  'unknown=1&page=1',
  'order=name,version',
  'order=-collection&page_size=10&page=2',
  'order=nonsense',
  'release=2016&page_size=1000&page=1&name=Arkin::Bexl&version=latest',
  'search=a&tf_class=zinc&tax_group=vertebrates&version=latest&page_size=2',
];

/** Accept headers clients send for a format (and some that nothing satisfies). */
const ACCEPTS = [
  'text/meme',
  'text/jaspar',
  'text/transfac',
  'text/pfm',
  'application/yaml',
  'application/json',
  'application/javascript',
  'text/bed',
  'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  '*/*',
  '',
  'text/plain',
  'image/png',
  'text/meme;q=0.5, application/json',
  'text/*',
];

const DETAILS = [
  '/api/v1/matrix/MA0101.2/',
  '/api/v1/matrix/MA0103.1/',
  '/api/v1/tffm/TFFM0001.1/',
  '/api/v1/matrix/MA0101/versions/',
  // A base id without a version (contract §8.3).
  '/api/v1/matrix/MA0101/',
  '/api/v1/sites/MA0101.2/',
  '/api/v1/releases/6/',
  '/api/v1/',
];

/**
 * The web site (contract §10, src/portal/): a page of every kind, the scripts and data its pages
 * load, and an unknown profile; the profile pages are the ones MEME's URL lines name (§8.3).
 * Plain files of the site, so asked of the hosts whose test engine serves the whole site (the
 * path without its slash is a redirect on some hosts and the page on others: test/today.test.ts;
 * the redirects are PAGE_REDIRECTS).
 */
export const PROFILE_REQUESTS: readonly ClientRequest[] = [
  get('/matrix/MA0101.2/'),
  get('/matrix/MA9999.1/'),
  get('/'),
  get('/search/'),
  get('/search/?q=Arkin&collection=all'),
  get('/collection/CORE/'),
  get('/collection/core/'),
  get('/matrix/MA0101/versions/'),
  get('/matrix/MA0101.2/svg/'),
  get('/sites/MA0101.2/'),
  get('/downloads/'),
  get('/download/'),
  get('/download/data/'),
  get('/cart/'),
  get('/analysis/?tool=scan&matrix_id=MA0101.2'),
  get('/about/'),
  get('/inference/'),
  get('/static/portal/data.js'),
  get('/static/portal/portal.js'),
  get('/static/portal/records/MA010.js'),
];

/** The web site's redirects (contract §10): a page folder without its slash, JASPAR's old addresses. Judged by status and Location. */
export const PAGE_REDIRECTS: readonly ClientRequest[] = [
  get('/search?q=Arkin&collection=all'),
  get('/matrix/MA0101.2'),
  get('/cgi-bin/jaspar_db.pl?ID=MA0101.2&rm=present&collection=CORE'),
  get('/cgi-bin/jaspar_db.pl?rm=browse&db=core&tax_group=vertebrates'),
  get('/cgi-bin/jaspar_db.pl'),
  get('/html/DOWNLOAD'),
];

/**
 * What `jaspar-static check` asks of the web site (docs/check.md): a page of every kind and the
 * redirects every host gives alike — not a page that does not exist (a CDN's own 404 page on
 * some hosts) nor the old search address (Netlify keeps the collection's case).
 */
export const SITE_REQUESTS: readonly ClientRequest[] = [
  ...PROFILE_REQUESTS.filter((r) => !r.target.includes('MA9999')),
  ...PAGE_REDIRECTS.filter((r) => !r.target.includes('db=')),
];

/** Release records (contract §8.1; the sample is built as 2016, release number 6) and the endpoint no copy computes. */
const RELEASES_AND_INFER: readonly ClientRequest[] = [
  get('/api/v1/releases/?format=json'),
  get('/api/v1/releases/?page_size=1000&page=1'),
  get('/api/v1/releases/6/'),
  get('/api/v1/releases/6'),
  get('/api/v1/releases/6/', 'application/yaml'),
  get('/api/v1/releases/6/', 'text/meme'),
  get('/api/v1/releases/6/?release=2016'),
  get('/api/v1/releases/6/?release=2014'),
  get('/api/v1/releases/6.yaml'),
  get('/api/v1/releases/6/?format=jsonp'),
  get('/api/v1/releases/6/?format=api'),
  get('/api/v1/releases/7/'),
  get('/api/v1/releases/sample/'),
  get('/api/v1/infer/MKVLAAGRSLLLLAFA/'),
  get('/api/v1/infer/MKVLAAGRSLLLLAFA'),
  get('/api/v1/infer/MKVLAAGRSLLLLAFA/?format=meme'),
  get('/api/v1/infer/MKVLAAGRSLLLLAFA/', 'text/meme'),
  get('/api/v1/infer/MKVLAAGRSLLLLAFA.json'),
  get('/api/v1/infer/'),
  { method: 'HEAD', target: '/api/v1/infer/MKVLAAGRSLLLLAFA/' },
  { method: 'OPTIONS', target: '/api/v1/infer/MKVLAAGRSLLLLAFA/' },
  { method: 'POST', target: '/api/v1/infer/MKVLAAGRSLLLLAFA/' },
];

/**
 * The second wave of clients (contract §8.1): an R client's TFFM searches, scripts written
 * against the 2018 API's filter names, jQuery's JSONP transport (a callback name of its own and
 * a cache-busting `_`), and callback names that are no JavaScript name (400 on JSONP, ignored
 * on other formats).
 */
const SECOND_WAVE: readonly ClientRequest[] = [
  get('/api/v1/tffm/?release=2016&search=FOX&page=1&page_size=1000'),
  get('/api/v1/tffm/?release=2016&search=arkin&page=1&page_size=1000'),
  get('/api/v1/tffm/?release=2016&tax_group=vertebrates&page=1&page_size=1000'),
  get('/api/v1/tffm/?tax_group=Insects&search=a&order=-log_p_1st_order,name'),
  get('/api/v1/tffm/?search=TFFM001&page_size=2&page=2'),
  get('/api/v1/tffm/?search=ma0101.3'),
  get('/api/v1/tffm/?search=&tax_group='),
  get('/api/v1/tffm/?search=zzz'),
  get('/api/v1/tffm/?search=zzz&page=2'),
  get('/api/v1/tffm/?tax_group=vertebrates&format=yaml&order=matrix_base_id,-matrix_version'),
  get('/api/v1/tffm/?tax_group=vertebrates&format=api'),
  get('/api/v1/tffm/?search=arkin&format=jsonp&callback=cb'),
  get('/api/v1/tffm/?search=arkin', 'application/yaml'),
  get('/api/v1/tffm.yaml?search=arkin'),
  get('/api/v1/matrix/?class=zipper'),
  get('/api/v1/matrix/?class=zipper&release=2016&page_size=1000&page=1'),
  get('/api/v1/matrix/?family=homeo&type=SELEX'),
  get('/api/v1/matrix/?type=chip-seq&data_type=chip'),
  get('/api/v1/matrix/?class=bhlh&tf_class=pas&version=latest'),
  get('/api/v1/matrix/?class=zinc&tax_group=vertebrates&order=-name&format=meme'),
  get('/api/v1/matrix/?family=&class='),
  get('/api/v1/species/9606/?class=zinc&page_size=1000'),
  get('/api/v1/collections/CORE/?type=SELEX&format=jaspar'),
  get('/api/v1/taxon/insects/?family=nk'),
  get('/api/v1/matrix.json?class=zinc'),
  get('/api/v1/matrix/?format=jsonp&callback=jQuery3710_1700000000000&_=1700000000001'),
  get('/api/v1/matrix/?format=jsonp&callback=jQuery3710_1700000000000&page=2&page_size=5'),
  get('/api/v1/matrix/?format=jsonp&callback=callback'),
  get('/api/v1/matrix/?format=jsonp&callback=cb&tax_group=vertebrates&version=latest'),
  get('/api/v1/matrix/MA0101.2/?format=jsonp&callback=jQuery3710_1700000000000&_=1'),
  get('/api/v1/matrix/MA0101.2/?format=jsonp&callback=callback'),
  get('/api/v1/matrix/MA0101.2/?format=jsonp&callback=ns.handlers.matrix'),
  get('/api/v1/matrix/MA0101.2.jsonp?callback=cb'),
  get('/api/v1/matrix/MA0101.2.jsonp'),
  get('/api/v1/matrix.jsonp?callback=cb&page_size=3'),
  get('/api/v1/tffm/TFFM0001.1/?format=jsonp&callback=cb'),
  get('/api/v1/matrix/MA0101/versions/?format=jsonp&callback=cb'),
  get('/api/v1/releases/6/?format=jsonp&callback=cb'),
  get('/api/v1/?format=jsonp&callback=cb'),
  get('/api/v1/matrix/MA0101.2/?callback=cb', 'application/javascript'),
  get('/api/v1/matrix/MA0101.2/?format=jsonp&callback=alert(1)//'),
  get('/api/v1/matrix/?format=jsonp&callback=alert(1)%2F%2F'),
  get('/api/v1/matrix/?format=jsonp&callback='),
  get('/api/v1/matrix/?format=jsonp&callback=1abc'),
  get(`/api/v1/matrix/?format=jsonp&callback=${'a'.repeat(129)}`),
  get(`/api/v1/matrix/MA0101.2/?format=jsonp&callback=${'a'.repeat(128)}`),
  get('/api/v1/matrix/MA0101.2/?format=json&callback=alert(1)'),
  get('/api/v1/matrix/?callback=cb'),
  get('/api/v1/matrix/?format=yaml&callback=cb'),
  get('/api/v1/matrix/MA9999.1/?format=jsonp&callback=cb'),
  get('/api/v1/matrix/?format=jsonp&callback=cb&release=2014'),
  { method: 'HEAD', target: '/api/v1/matrix/MA0101.2/?format=jsonp&callback=cb' },
  { method: 'HEAD', target: '/api/v1/tffm/?search=arkin' },
];

const FORMATS = ['json', 'jsonp', 'yaml', 'jaspar', 'transfac', 'pfm', 'meme', 'bed', 'api', 'xml'];

/** The API's own documents (src/api/documents.ts), which every host serves as the dev server does. */
export const DOCUMENT_REQUESTS: readonly ClientRequest[] = [
  get('/api/v1/schema/'),
  get('/api/v1/schema'),
  get('/api/v1/schema/?format=yaml'),
  get('/api/v1/schema/?format=json&release=2016'),
  get('/api/v1/docs/'),
  get('/api/v1/docs'),
  // Contract §8.2: the Core API documents by Accept (coreapi's own header, the vnd alias alone, a
  // browser's), by format=, their scripts, and the pages clients reach.
  ...['/api/v1/docs/', '/api/v1/docs', '/api/v1/doc/', '/api/v1/doc'].flatMap((path) => [
    get(path, COREAPI_ACCEPT),
    get(path, 'application/vnd.coreapi+json'),
    get(path, 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'),
    get(`${path}${path.endsWith('/') ? '' : '/'}?format=corejson`),
    get(`${path}${path.endsWith('/') ? '' : '/'}?format=api`, COREAPI_ACCEPT),
  ]),
  get('/api/v1/docs/schema.js'),
  get('/api/v1/doc/schema.js'),
  get('/api/v1/live-api/'),
  get('/api/v1/live-api'),
  get('/api/v1/home/'),
  get('/api/v1/overview/'),
  get('/api/v1/clients/'),
];

/** The whole table (about 410 requests). */
export function clientRequests(): ClientRequest[] {
  const out: ClientRequest[] = [];
  for (const list of LISTS) for (const q of LIST_QUERIES) out.push(get(`${list}${q}`));
  for (const f of FILTERS) out.push(get(`/api/v1/matrix/?${f}`));
  for (const f of FILTERS.slice(0, 8))
    out.push(get(`/api/v1/species/9606/?${f}`), get(`/api/v1/collections/CORE/?${f}&page_size=3`));
  for (const a of ACCEPTS)
    out.push(get('/api/v1/matrix/MA0101.2/', a), get('/api/v1/matrix/?page_size=3&release=2016', a));
  for (const a of ACCEPTS.slice(0, 8))
    out.push(get('/api/v1/tffm/TFFM0001.1/', a), get('/api/v1/taxon/insects/?page_size=1000', a));
  for (const d of DETAILS) for (const f of FORMATS) out.push(get(`${d}?format=${f}`));
  out.push(...RELEASES_AND_INFER, ...SECOND_WAVE);
  out.push(
    get('/api/v1/matrix/MA0101.2/?format=jaspar', 'text/meme'),
    get('/api/v1/matrix/MA0101.2/?release=2016'),
    get('/api/v1/matrix/MA0101.2/?release=2014'),
    get('/api/v1/matrix/MA9999.1/'),
    get('/api/v1/matrix/MA9999.1/', 'text/meme'),
    // DRF negotiates before it looks up: on a site without TRANSFAC (`--formats json,meme`) an
    // unknown id asked for it is 406, not 404 (a 404 where the site has the format).
    get('/api/v1/matrix/MA9999.1/', 'text/transfac'),
    get('/api/v1/matrix/MA0101/', 'text/jaspar'),
    get('/api/v1/matrix/MA0101/', 'text/html'),
    get('/api/v1/tffm/TFFM9999.1/'),
    get('/api/v1/collections/NOPE/'),
    get('/api/v1/species/0/?page_size=1000'),
    get('/api/v1/nothing/'),
    get('/api'),
    get('/api/v1'),
    get('/api/v1/matrix'),
    get('/api/v1/matrix?page=2&page_size=5'),
    ...DOCUMENT_REQUESTS,
    get('/api/v1/schema/?format=xml'),
    get('/api/v1/docs/?format=xml', COREAPI_ACCEPT),
  );
  // DRF's format suffix, which wins over `format=`.
  for (const t of [
    '/api/v1/matrix/MA0101.2.jaspar',
    '/api/v1/matrix/MA0101.2.meme?format=json',
    '/api/v1/matrix/MA0101.2.bed',
    '/api/v1/matrix/MA0101.2.xyz',
    '/api/v1/matrix/MA0101.jaspar',
    '/api/v1/matrix/MA0101.meme',
    '/api/v1/matrix/MA9999.jaspar',
    '/api/v1/matrix/MA9999/',
    '/api/v1/matrix.json?page=2',
    '/api/v1/matrix.yaml?page_size=3&release=2016',
    '/api/v1/matrix.meme?search=zelt',
    '/api/v1/collections/CORE.jaspar?page_size=3',
    '/api/v1/tffm/TFFM0001.1.json',
    '/api/v1/tffm.api?page_size=2',
  ])
    out.push(get(t));
  // Methods: HEAD like GET without a body, OPTIONS 200 with Allow, anything else 405.
  for (const t of [
    '/api/v1/matrix/?page=2',
    '/api/v1/matrix/?name=Zelt',
    '/api/v1/matrix/MA0101.2/',
    '/api/v1/matrix/MA9999.1/',
    '/api/v1/matrix/?page=9',
  ]) {
    out.push({ method: 'HEAD', target: t }, { method: 'OPTIONS', target: t });
  }
  for (const m of ['POST', 'PUT', 'DELETE', 'PATCH'])
    out.push({ method: m, target: '/api/v1/matrix/' }, { method: m, target: '/api/v1/matrix/MA0101.2/' });
  out.push({ method: 'HEAD', target: '/api/v1/matrix/MA0101.2/', accept: 'text/meme' });
  return out;
}

/**
 * The release and inference requests whose answers every host, rules tier included, gives
 * exactly as the dev server: the prebuilt release records (not a page size the trimmed rules
 * build leaves out, nor an error whose wording a rules host cannot match) and the inference refusal.
 */
export function releaseAndInferRequests(): ClientRequest[] {
  const unprebuilt = ['release=2014', 'page_size=', '/releases/7/', '/releases/sample/'];
  return RELEASES_AND_INFER.filter((r) => !unprebuilt.some((part) => r.target.indexOf(part) !== -1));
}

/** Logos, which a compact build answers from its chunks: the forward and reverse strand, and a missing one. */
export const LOGO_REQUESTS: readonly ClientRequest[] = [
  get('/static/logos/svg/MA0101.2.svg'),
  get('/static/logos/svg/MA0101.2.rc.svg'),
  get('/static/logos/svg/MA0103.1.svg'),
  get('/static/logos/svg/MA9999.1.svg'),
];

/**
 * The download area of the sample built as 2016 (contract §9): a bundle in each format and file
 * kind, a file the release folder ships, the database files (the `.sql.gz` only in a build from
 * an SQL dump), folders (each its listing, contract §10), and missing ones (an unknown path is a 404).
 */
export const DOWNLOAD_REQUESTS: readonly ClientRequest[] = [
  get('/download/data/2016/CORE/JASPAR2016_CORE_non-redundant_pfms_jaspar.txt'),
  get('/download/data/2016/CORE/JASPAR2016_CORE_vertebrates_redundant_pfms_meme.txt'),
  get('/download/data/2016/CORE/JASPAR2016_CORE_redundant_pfms_transfac.zip'),
  get('/download/data/2016/collections/JASPAR2016_CNE_pfms_meme.zip'),
  get('/download/data/2016/sites/MA0101.2.sites'),
  get('/download/data/2016/bed/MA0113.1.bed'),
  get('/download/data/2016/CORE/JASPAR2016_CORE_mammals_redundant_pfms_jaspar.txt'),
  get('/download/database/JASPAR2016.sql.gz'),
  get('/download/database/JASPAR2016.sqlite'),
  get('/download/data/'),
  get('/download/data/2016/CORE/'),
  get('/download/data/1999/'),
  get('/download/data/2016/CORE/nothing.txt'),
];
