/**
 * One site, every host that runs here. The sample is built once for every target; its
 * requests (cases.ts) are: prebuilt pages at their routes' URLs (answers derived from the route
 * generator and the path function), hand-written edge targets and the client-shaped table of
 * test/hosts (contract §8). The dev server must answer every prebuilt route with its file and
 * word its errors as src/api/errors.ts does; the compute hosts here (nginx with njs) answer
 * every request exactly as the dev server; the rules tier (Netlify's own engine over
 * `_redirects`, a real Apache, the CloudFront function over S3) answers every prebuilt route
 * with its file, and every other request as the dev server where it answers 200, else with an
 * error whose detail names what it cannot do (src/check/tier.ts). nginx and Apache are
 * skipped, visibly, when not installed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CACHE_CONTROL,
  ALLOW,
  INVALID_PAGE,
  methodNotAllowed,
  NOT_ACCEPTABLE,
  NOT_FOUND,
  releaseNotServed,
} from '../../src/api/errors.js';
import { deployDirFor } from '../../src/site/build.js';
import { SITE_FILE, type SiteConfig } from '../../src/routes/site-data.js';
import type { ClientRequest, Reply } from '../../src/check/types.js';
import { compareHosts } from '../hosts/support/compare.js';
import { cloudfrontHost } from '../hosts/support/cloudfront-vm.js';
import { clientRequests } from '../../src/check/requests.js';
import { judgeAll } from '../hosts/support/rules-suite.js';
import { askable, rulesHostSettings } from '../../src/check/hosts.js';
import type { HostTarget } from '../../src/targets/registry.js';
import { netlifyHost } from '../support/netlify-host.js';
import { SAMPLE, serve, sharedSite, type BuiltSite, type Served } from '../support/site.js';
import { EDGE_TARGETS, fileCases, type FileCase } from './cases.js';
import { send, type Request } from './hosts/http.js';
import { describeEachServer } from './hosts/servers.js';

type Host = (req: ClientRequest) => Promise<Reply>;

const raw = (req: ClientRequest): Request => ({
  method: req.method,
  target: req.target,
  ...(req.accept === undefined ? {} : { headers: { Accept: req.accept } }),
});
const over =
  (port: () => number): Host =>
  async (req) => {
    const a = await send(port(), raw(req));
    return { status: a.status, contentType: a.headers['content-type'] ?? null, body: a.body };
  };
const label = (req: ClientRequest) =>
  `${req.method} ${req.target}${req.accept === undefined ? '' : ` [Accept: ${req.accept}]`}`;

describe('conformance: one site, every host', () => {
  let site: BuiltSite;
  let dev: Served;
  let devHost: Host;
  let files: FileCase[] = [];
  let requests: ClientRequest[] = [];

  beforeAll(async () => {
    site = await sharedSite(SAMPLE);
    dev = await serve(site.dir);
    devHost = over(() => Number(new URL(dev.origin).port));
    files = await fileCases(site.dir);
    requests = [...files.map((f) => f.req), ...EDGE_TARGETS, ...clientRequests()];
  });
  afterAll(async () => {
    await dev?.close();
  });

  /** Each prebuilt route asked of `host` (its answer must be the file); the differences. */
  async function servesFiles(host: Host, cases: readonly FileCase[]): Promise<string[]> {
    const out: string[] = [];
    for (const c of cases) {
      const got = await host(c.req);
      const body = c.req.method === 'HEAD' ? Buffer.alloc(0) : readFileSync(join(site.dir, c.file));
      if (got.status !== 200 || got.contentType !== c.mediaType || !got.body.equals(body)) {
        out.push(
          `${label(c.req)}: expected 200 ${c.mediaType} ${c.file} (${body.length} B), got ${got.status} ${got.contentType} ${got.body.length} B ${got.body.subarray(0, 120).toString('utf8')}`,
        );
      }
    }
    return out;
  }

  it('asks at least 200 requests, a third of them prebuilt routes', () => {
    expect(requests.length).toBeGreaterThanOrEqual(200);
    expect(files.length).toBeGreaterThan(requests.length / 4);
  });

  describe('dev server (the reference)', () => {
    it('answers every prebuilt route with its file, Content-Type from the format table', async () => {
      const wrong = await servesFiles(devHost, files);
      expect(wrong.slice(0, 20), `${wrong.length} of ${files.length}`).toEqual([]);
    });

    it('API answers carry Vary: Accept (and Accept-Encoding where compressible), Allow and the cache policy', async () => {
      const port = Number(new URL(dev.origin).port);
      for (const target of ['/api/v1/matrix/?page=2', '/api/v1/matrix/MA9999.1/', '/api/v1/tffm/?format=xml']) {
        const a = await send(port, { method: 'GET', target });
        expect(a.headers.vary, target).toMatch(/^Accept(?:, Accept-Encoding)?$/);
        expect(a.headers['cache-control'], target).toBe(CACHE_CONTROL);
        expect(a.headers.allow, target).toBe(ALLOW);
      }
    });

    it('words its errors as src/api/errors.ts does', async () => {
      const name = (JSON.parse(readFileSync(join(site.dir, SITE_FILE), 'utf8')) as SiteConfig).releases[0]!.name;
      const errors: [ClientRequest, { status: number; body: string }][] = [
        [{ method: 'GET', target: '/api/v1/matrix/MA9999.1/' }, NOT_FOUND],
        [{ method: 'GET', target: '/api/v1/matrix/?format=xml' }, NOT_FOUND],
        [{ method: 'GET', target: '/api/v1/matrix/?page=999' }, INVALID_PAGE],
        [{ method: 'GET', target: '/api/v1/matrix/?page=abc' }, INVALID_PAGE],
        [{ method: 'GET', target: '/api/v1/matrix/MA0101.2/', accept: 'image/png' }, NOT_ACCEPTABLE],
        [{ method: 'GET', target: '/api/v1/matrix/?release=2014' }, releaseNotServed('2014', [name])],
        [{ method: 'POST', target: '/api/v1/matrix/' }, methodNotAllowed('POST')],
      ];
      for (const [req, e] of errors) {
        const got = await devHost(req);
        expect({ status: got.status, type: got.contentType, body: got.body.toString('utf8') }, label(req)).toEqual({
          status: e.status,
          type: 'application/json',
          body: e.body,
        });
      }
    });
  });

  describe('rules tier', () => {
    /** `sample`: ask every n-th request only (Netlify's engine takes about 0.1 s per request over the full site's rules). */
    const rulesHost = (name: string, start: () => Promise<Host>, o: { target: HostTarget; sample: number }) => {
      const traits = rulesHostSettings(o.target);
      describe(name, () => {
        let host: Host;
        beforeAll(async () => {
          host = await start();
        });
        it('answers every prebuilt route with its file', { timeout: 300_000 }, async () => {
          const asked = files.filter((f, i) => (traits.negotiates || !f.negotiated) && i % o.sample === 0);
          const wrong = await servesFiles(host, asked);
          expect(wrong.slice(0, 20), `${wrong.length} of ${asked.length}`).toEqual([]);
        });
        it('answers every request as the dev server where it answers 200, else an error with a detail', {
          timeout: 300_000,
        }, async () => {
          const askedOf = new Set(askable(traits, requests));
          const asked = requests.filter((r, i) => askedOf.has(r) && i % o.sample === 0);
          const { problems, verdicts } = await judgeAll(asked, devHost, host, traits.negotiates);
          console.log(`conformance, ${name}: ${asked.length} requests ${JSON.stringify(verdicts)}`);
          expect(problems.slice(0, 20), `${problems.length} of ${asked.length}`).toEqual([]);
        });
      });
    };

    rulesHost(
      'Netlify (its own engine over _redirects and _headers)',
      async () => {
        const netlify = await netlifyHost(site.dir);
        return async (req) => {
          const r = netlify(req.target);
          return {
            status: r.status,
            contentType: r.headers['content-type'] ?? null,
            body: req.method === 'HEAD' ? Buffer.alloc(0) : r.body,
          };
        };
      },
      { target: 'netlify', sample: 3 },
    );
    rulesHost(
      'S3 + CloudFront (the emitted function, rules mode)',
      async () => {
        const cf = cloudfrontHost(site.dir, deployDirFor(site.dir));
        return async (req) => cf(req);
      },
      { target: 'cloudfront', sample: 1 },
    );
  });

  describeEachServer(
    () => site.dir,
    ({ host, name }, running) => {
      if (host === 'nginx') {
        it(`${name}: every request answered exactly as the dev server (compute tier)`, async () => {
          const { mismatches, statuses } = await compareHosts(
            requests,
            devHost,
            over(() => running().port),
          );
          if (mismatches.length) console.error(`${name} error log:\n${running().log().slice(-3000)}`);
          expect(mismatches.slice(0, 20), `${mismatches.length} of ${requests.length}`).toEqual([]);
          expect(statuses[200]).toBeGreaterThan(200);
        });
        return;
      }
      it(`${name}: every prebuilt route answered with its file (rules tier)`, async () => {
        const wrong = await servesFiles(
          over(() => running().port),
          files,
        );
        if (wrong.length) console.error(`${name} error log:\n${running().log().slice(-3000)}`);
        expect(wrong.slice(0, 20), `${wrong.length} of ${files.length}`).toEqual([]);
      });
      it(`${name}: every request as the dev server where it answers 200, else an error with a detail (rules tier)`, async () => {
        const { problems, verdicts } = await judgeAll(
          requests,
          devHost,
          over(() => running().port),
          true,
        );
        console.log(`conformance, ${name}: ${requests.length} requests ${JSON.stringify(verdicts)}`);
        expect(problems.slice(0, 20), `${problems.length} of ${requests.length}`).toEqual([]);
      });
    },
  );
});
