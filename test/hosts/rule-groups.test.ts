/**
 * The rule groups against their definition, the runtime's rules mode, on the sample release:
 * thousands of client-shaped requests (every resource, suffix forms, release spellings,
 * filters, orders, page sizes, pages, formats, Accept headers, lenient and bad values). Where
 * the runtime serves a prebuilt file the groups serve the same file — always for requests in
 * canonical form, else they may refuse with a 404 (never another file); where the runtime
 * answers an error the groups answer an error too.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { resolve, type RuntimeRequest } from '../../src/runtime/resolve.js';
import type { Answer } from '../../src/runtime/answer.js';
import { ruleGroups } from '../../src/hosting/rules/derive-groups.js';
import { evaluateGroups, type GroupAnswer } from '../../src/hosting/rules/group-match.js';
import type { Group } from '../../src/hosting/rules/groups.js';
import { memorySample, SAMPLE_YEAR, type MemorySite } from '../support/memory-sample.js';

/** A query part and whether it is written the way the prebuilt files are named. */
type Part = readonly [string | null, boolean];

const PATHS: readonly string[] = [
  '/api/v1/matrix/',
  '/api/v1/matrix',
  '/api/v1/matrix.json',
  '/api/v1/matrix.yaml',
  '/api/v1/matrix.jaspar',
  '/api/v1/matrix.bed',
  '/api/v1/matrix.api',
  '/api/v1/collections/CORE/',
  '/api/v1/collections/NOPE/',
  '/api/v1/collections/CORE.json',
  '/api/v1/taxon/vertebrates/',
  '/api/v1/species/9606/',
  '/api/v1/species/-/',
  '/api/v1/tffm/',
  '/api/v1/tffm.yaml',
  '/api/v1/collections/',
  '/api/v1/taxon/',
  '/api/v1/species/',
  '/api/v1/releases/',
  '/api/v1/matrix/MA0101.2/',
  '/api/v1/matrix/MA0101.2.jaspar',
  '/api/v1/matrix/MA0101.2.bed',
  '/api/v1/matrix/MA9999.1/',
  '/api/v1/matrix/MA0101/versions/',
  '/api/v1/matrix/MA0101/versions.yaml',
  '/api/v1/tffm/TFFM0004.1/',
  '/api/v1/sites/MA0101.2/',
  '/api/v1/',
  '/api/v1/nothing',
  '/api/v1/matrix.jsonp',
  '/api/v1/matrix/MA0101.2.jsonp',
  '/api/v1/tffm/TFFM0004.1.jsonp',
  '/api/v1/matrix/MA0101/versions.jsonp',
];
const PARTS: readonly (readonly Part[])[] = [
  [
    [null, true],
    [null, true],
    [`release=${SAMPLE_YEAR}`, true],
    [`release=JASPAR${SAMPLE_YEAR}`, true],
    [`release=jaspar${SAMPLE_YEAR}`, true],
    ['release=2014', true],
    ['release=', false],
  ],
  [
    [null, true],
    [null, true],
    ['format=json', true],
    ['format=yaml', true],
    ['format=jaspar', true],
    ['format=bed', true],
    ['format=api', true],
    ['format=xml', true],
    ['format=', true],
    ['format=jsonp', true],
    ['format=jsonp', true],
  ],
  [
    [null, true],
    [null, true],
    ['collection=CORE', true],
    ['collection=core', true],
    ['tax_group=Vertebrates', true],
    ['tax_id=9606', true],
    ['version=latest', true],
    ['version=1', true],
    ['collection=CORE&tax_group=vertebrates', true],
    ['search=fox', true],
    ['name=Zelt', true],
    ['collection=NOPE', true],
    ['collection=..', true],
    ['tf_class=', false],
    ['collection=', false],
    ['class=zinc', true],
    ['family=homeo', true],
    ['type=SELEX', true],
    ['tf_class=zinc&class=finger', true],
    ['search=TFFM0004', true],
    ['tax_group=insects&search=a', true],
  ],
  [
    [null, true],
    [null, true],
    [null, true],
    ['callback=callback', true],
    ['callback=cb1', true],
    ['callback=jQuery371_17.x', true],
    ['callback=alert(1)%2F%2F', true],
    ['callback=', true],
  ],
  [
    [null, true],
    [null, true],
    ['order=name', true],
    ['order=-version', true],
    ['order=zzz', false],
    ['order=name,version', true],
    ['order=', false],
  ],
  [
    [null, true],
    [null, true],
    ['page_size=10', true],
    ['page_size=100', true],
    ['page_size=1000', true],
    ['page_size=5000', false],
    ['page_size=7', true],
    ['page_size=abc', false],
  ],
  [
    [null, true],
    [null, true],
    ['page=1', true],
    ['page=2', true],
    ['page=last', true],
    ['page=0', true],
    ['page=02', false],
    ['page=abc', true],
    ['page=999', true],
  ],
];
const ACCEPTS: readonly (string | null)[] = [
  null,
  null,
  null,
  'text/meme',
  'application/yaml',
  'text/html,application/xhtml+xml,*/*;q=0.8',
  'image/png',
  'application/json',
  'text/*',
];

/** A deterministic pseudo-random sequence (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Probe {
  readonly req: RuntimeRequest;
  readonly clean: boolean;
}

function probes(n: number): Probe[] {
  const next = random(2016);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  const out: Probe[] = [];
  for (let i = 0; i < n; i++) {
    const parts = PARTS.map(pick);
    const query = parts.flatMap(([p]) => (p === null ? [] : [p])).join('&');
    out.push({
      req: { method: 'GET', path: pick(PATHS), query, accept: pick(ACCEPTS) },
      clean: parts.every(([, c]) => c),
    });
  }
  return out;
}

describe('rule groups', () => {
  let sample: MemorySite;
  let groups: Group[];
  beforeAll(async () => {
    sample = await memorySample();
    groups = ruleGroups(sample.site);
  });

  const runtime = (req: RuntimeRequest): Answer => {
    const step = resolve(req, sample.site, {}, { mode: 'rules' });
    if (!('answer' in step)) throw new Error(`rules mode asked for files: ${step.need.join(', ')}`);
    return step.answer;
  };
  const exists = (file: string) => sample.files.has(file.replace(/^\//, ''));
  const servedFile = (g: GroupAnswer | null): string | null =>
    g !== null && g.kind === 'file' && exists(g.file) ? g.file.slice(1) : null;

  /** Differences between the groups (on a host that negotiates or not) and the runtime's rules mode. */
  function compare(negotiate: boolean): { differences: string[]; served: number; agreed: number } {
    const differences: string[] = [];
    let served = 0;
    let agreed = 0;
    for (const { req, clean } of probes(4000)) {
      const accept = negotiate ? req.accept : null;
      const want = runtime({ ...req, accept });
      const got = evaluateGroups(groups, req.path, req.query, accept, { negotiate });
      const file = servedFile(got);
      const where = `${req.path}?${req.query} [${accept}]`;
      const wantFile = want.file !== undefined && exists(want.file) ? want.file : null;
      if (wantFile !== null) served++;
      if (file !== null && file !== wantFile)
        differences.push(`${where}: groups serve ${file}, runtime ${wantFile ?? want.body}`);
      else if (wantFile !== null && file === null && clean && (negotiate || !/format=(&|$)/.test(req.query)))
        differences.push(
          `${where}: groups refuse (${got?.kind === 'error' ? got.error.name : 'missing'}), runtime serves ${wantFile}`,
        );
      else if (wantFile === null && want.status === 406 && !(got?.kind === 'error' && got.error.error.status === 406))
        differences.push(`${where}: runtime 406, groups ${JSON.stringify(got)}`);
      else if (file !== null && file === wantFile) agreed++;
    }
    return { differences, served, agreed };
  }

  it('serve exactly the runtime rules mode files on a host that reads Accept (Apache)', () => {
    const { differences, served, agreed } = compare(true);
    expect(differences.slice(0, 20), `${differences.length} difference(s)`).toEqual([]);
    // The runtime serves a file for about 1,200 of the 4,000; the groups serve two thirds (the rest have lenient values).
    expect(served).toBeGreaterThan(1000);
    expect(agreed / served).toBeGreaterThan(0.6);
  });

  it('serve the same files without Accept (Netlify), an empty format= refused', () => {
    const { differences } = compare(false);
    expect(differences.slice(0, 20), `${differences.length} difference(s)`).toEqual([]);
  });

  it('refuse with the runtime wording where it is fixed', () => {
    const body = (path: string, query: string) => {
      const g = evaluateGroups(groups, path, query, null, { negotiate: true });
      return g?.kind === 'error' ? g.error.error.body : null;
    };
    expect(body('/api/v1/matrix/', 'search=FOX')).toBe(
      runtime({ method: 'GET', path: '/api/v1/matrix/', query: 'search=FOX', accept: null }).body,
    );
    expect(body('/api/v1/collections/CORE/', 'tax_group=plants')).toBe(
      runtime({ method: 'GET', path: '/api/v1/collections/CORE/', query: 'tax_group=plants', accept: null }).body,
    );
    expect(body('/api/v1/matrix/', 'release=2014')).toBe(
      `{"detail":"This release is not served here; this copy serves JASPAR${SAMPLE_YEAR}."}`,
    );
    expect(body('/api/v1/matrix/', 'x%73=1')).toMatch(/%-escapes/);
    // Contract §8.1: the TFFM list's filters and the 2018 names have no prebuilt selections; JSONP files call `callback`.
    for (const [path, query] of [
      ['/api/v1/tffm/', 'search=FOX&page_size=1000'],
      ['/api/v1/tffm/', 'tax_group=vertebrates'],
      ['/api/v1/matrix/', 'class=zipper'],
      ['/api/v1/species/9606/', 'type=SELEX&data_type=chip'],
      ['/api/v1/matrix/', 'format=jsonp&callback=jQuery371_1'],
      ['/api/v1/matrix/MA0101.2/', 'format=jsonp&callback=cb'],
      ['/api/v1/matrix.jsonp', 'callback=cb'],
    ] as const) {
      const want = runtime({ method: 'GET', path, query, accept: null });
      expect([path, query, want.status], want.body).toEqual([path, query, 404]);
      expect(body(path, query), `${path}?${query}`).toBe(want.body);
    }
    const served = (path: string, query: string) =>
      servedFile(evaluateGroups(groups, path, query, null, { negotiate: true }));
    expect(served('/api/v1/matrix/', 'format=jsonp&callback=callback')).toBe(
      runtime({ method: 'GET', path: '/api/v1/matrix/', query: 'format=jsonp', accept: null }).file,
    );
    expect(served('/api/v1/matrix/MA0101.2/', 'format=jsonp&callback=callback')).toMatch(
      /^files\/jsonp\/matrix\/MA0101\.2\.js$/,
    );
    // A name the runtime rejects (400) is a refusal here: a rules-only host matches values, it cannot check them.
    expect(
      runtime({ method: 'GET', path: '/api/v1/matrix/', query: 'format=jsonp&callback=alert(1)%2F%2F', accept: null })
        .status,
    ).toBe(400);
    expect(body('/api/v1/matrix/', 'format=jsonp&callback=alert(1)%2F%2F')).toMatch(/JSONP callback/);
  });
});
