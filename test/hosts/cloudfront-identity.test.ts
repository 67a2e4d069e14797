/**
 * The CloudFront function answers exactly as it did when it bundled the whole request runtime.
 * "Today's function" is that 33 KB bundle, rebuilt here from the runtime (`resolve` in rules
 * mode behind the viewer-request event: test/hosts/support/cloudfront-reference.ts); the
 * emitted function is the one the build writes. Both run in fresh V8 contexts; for every
 * request each returns either a response (status, headers, body) or the rewritten request (the
 * S3 key), and the two must be equal, byte for byte, over several site configurations and the
 * conformance suite's requests, the client table, the edge targets, the API's documents and
 * refused endpoints spelt many ways, and 3,000 fuzzed requests per configuration.
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createContext, Script } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_DOCUMENTS } from '../../src/api/documents.js';
import { UNOFFERED_ENDPOINTS } from '../../src/api/errors.js';
import { FORMAT_NAMES } from '../../src/api/formats.js';
import { bundleFile } from '../../src/hosting/edge/bundle.js';
import { functionSource, FUNCTION_LIMIT } from '../../src/hosts/cloudfront/adapter.js';
import { SITE_FILE, type SiteConfig } from '../../src/routes/site-data.js';
import { EDGE_TARGETS, fileCases } from '../conformance/cases.js';
import { requestArb } from '../fuzz/requests.js';
import { SAMPLE, sharedSite, type BuiltSite } from '../support/site.js';
import type { ClientRequest } from '../../src/check/types.js';
import { viewerEvent } from './support/cloudfront-vm.js';
import { clientRequests } from '../../src/check/requests.js';

type Handler = (event: unknown) => unknown;

/** A function's source evaluated in a context of its own (no Node globals); its `handler`. */
function load(source: string): Handler {
  const context = createContext({});
  new Script(source).runInContext(context);
  return (event) => new Script('handler(event)').runInContext(Object.assign(context, { event }));
}

/** Today's function: the runtime in rules mode, bundled as the adapter bundled it before. */
function todaysFunction(site: SiteConfig): string {
  return bundleFile(join(import.meta.dirname, 'support/cloudfront-reference.ts'), {
    platform: 'restricted',
    footer: `var jasparHandler=jaspar.cloudfrontHandler(${JSON.stringify(site)});function handler(event){return jasparHandler(event)}`,
  });
}

const base = (over: Partial<SiteConfig>): SiteConfig => ({
  generator: 'jaspar-static',
  baseUrl: 'https://jaspar.example.org',
  releases: [{ name: 'sample', year: 2016, root: '' }],
  formats: ['json', 'jsonp', 'yaml', 'jaspar', 'transfac', 'pfm', 'meme', 'bed', 'api'],
  withSites: true,
  prebuilt: { pageSizes: [100], orderFields: ['name'], filterKeys: ['collection', 'tax_group'], filterOrders: false },
  ...over,
});

/** Configurations besides the conformance site's: what the build's options change in the function. */
const CONFIGS: Record<string, SiteConfig> = {
  'host tests (a trimmed prebuilt set)': base({}),
  'everything prebuilt': base({
    prebuilt: { pageSizes: [100, 1000], orderFields: null, filterKeys: null, filterOrders: true },
  }),
  'nothing but the defaults prebuilt': base({
    prebuilt: { pageSizes: [], orderFields: [], filterKeys: [], filterOrders: false },
    formats: ['json', 'meme'],
    withSites: false,
  }),
  'three releases': base({
    releases: [
      { name: 'JASPAR2024', year: 2024, root: 'releases/JASPAR2024/' },
      { name: 'JASPAR2018', year: 2018, root: 'releases/JASPAR2018/' },
      { name: 'Custom', year: null, root: 'releases/Custom/' },
    ],
  }),
};

/**
 * The API's documents and the endpoints no copy computes, spelt every way the function's own
 * steps for them could go wrong: every variant's `format` on every document, an empty or
 * repeated or upper-cased one, a suffix, a segment more, an encoded name, a release.
 */
function documentRequests(): ClientRequest[] {
  const formats = [
    '',
    'YAML',
    'xml',
    ...FORMAT_NAMES,
    ...API_DOCUMENTS.flatMap((d) => d.variants.map((v) => v.format)),
  ];
  const out: ClientRequest[] = [];
  for (const segment of [...API_DOCUMENTS.map((d) => d.segment), ...UNOFFERED_ENDPOINTS.map((e) => e.segment)]) {
    const base = `/api/v1/${segment}`;
    const encoded = `/api/v1/%${segment.charCodeAt(0).toString(16)}${segment.slice(1)}/`;
    for (const target of [
      base,
      `${base}/`,
      `${base}.json`,
      `${base}.yaml/`,
      `${base}/x/`,
      `${base}s/`,
      encoded,
      `${base}/?release=1999`,
      `${base}/?format=json&format=`,
    ])
      out.push({ method: 'GET', target });
    for (const f of formats)
      out.push(
        { method: 'GET', target: `${base}/?format=${f}` },
        { method: 'HEAD', target: `${base}?release=2016&format=${f}`, accept: 'text/html' },
      );
  }
  return out;
}

const FUZZ_RUNS = 3000;
const fuzzed = (seed: number): ClientRequest[] =>
  fc.sample(requestArb, { numRuns: FUZZ_RUNS, seed }).map((r) => {
    const accept = Object.entries(r.headers ?? {}).find(([k]) => k.toLowerCase() === 'accept')?.[1];
    return { method: r.method, target: r.target, ...(accept === undefined ? {} : { accept }) };
  });

/** The requests on which the two functions differ (JSON of what each returned). */
function differences(site: SiteConfig, requests: readonly ClientRequest[]): string[] {
  const today = load(todaysFunction(site));
  const emitted = load(functionSource(site));
  const out: string[] = [];
  for (const req of requests) {
    const a = JSON.stringify(today(viewerEvent(req)));
    const b = JSON.stringify(emitted(viewerEvent(req)));
    if (a !== b)
      out.push(
        `${req.method} ${req.target} [${req.accept ?? ''}]\n  today:   ${a.slice(0, 400)}\n  emitted: ${b.slice(0, 400)}`,
      );
  }
  return out;
}

describe('the CloudFront function answers as the runtime-bundling function did', () => {
  let site: BuiltSite;
  let config: SiteConfig;
  let requests: ClientRequest[];

  beforeAll(async () => {
    site = await sharedSite(SAMPLE);
    config = JSON.parse(readFileSync(join(site.dir, SITE_FILE), 'utf8')) as SiteConfig;
    requests = [
      ...(await fileCases(site.dir)).map((c) => c.req),
      ...EDGE_TARGETS,
      ...clientRequests(),
      ...documentRequests(),
    ];
  });
  afterAll(async () => {
    await site?.cleanup();
  });

  it('on the conformance site: its requests and 3,000 fuzzed ones; the emitted function fits the limit', {
    timeout: 120_000,
  }, () => {
    const asked = [...requests, ...fuzzed(20)];
    const diff = differences(config, asked);
    console.log(
      `CloudFront identity, conformance site: ${asked.length} requests, ${diff.length} differences; function ${functionSource(config).length} bytes (today's ${todaysFunction(config).length})`,
    );
    expect(diff.slice(0, 10), `${diff.length} of ${asked.length} differ`).toEqual([]);
    expect(Buffer.byteLength(functionSource(config))).toBeLessThanOrEqual(FUNCTION_LIMIT);
  });

  for (const [name, cfg] of Object.entries(CONFIGS)) {
    it(`${name}: the same requests and 3,000 other fuzzed ones`, { timeout: 120_000 }, () => {
      const asked = [...requests, ...fuzzed(name.length * 7919)];
      const diff = differences(cfg, asked);
      console.log(
        `CloudFront identity, ${name}: ${asked.length} requests, ${diff.length} differences; function ${functionSource(cfg).length} bytes`,
      );
      expect(diff.slice(0, 10), `${diff.length} of ${asked.length} differ`).toEqual([]);
    });
  }
});
