/**
 * `jaspar-static check` (docs/check.md, issue 28) against broken deployments of a compute-tier
 * host (nginx + njs), each caught with its kind named: a cache that ignores the query string
 * (every page answers page 1), a mirror still serving the previous release. That check passes
 * on a correct deployment of every compute host (nginx, workerd, the Netlify Edge Function,
 * Lambda@Edge), full and compact, is part of each host's suite (test/hosts/support/suite.ts),
 * on the builds and hosts the suite starts anyway.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, it } from 'vitest';
import { caught } from './hosts/support/check-run.js';
import { loopback } from './hosts/support/loopback.js';
import { nginxRequirements, startNginx } from './hosts/support/nginx.js';
import { buildSample, SAMPLE_YEAR, type BuiltSample } from './hosts/support/sites.js';
import { describeWith, type Requirement } from './support/requirements.js';

const builds = new Map<'full', BuiltSample>();
/** What to close after the file's tests. */
const closing: (() => Promise<void>)[] = [];

beforeAll(async () => {
  builds.set('full', await buildSample(['nginx'], false));
});

afterAll(async () => {
  for (const close of closing.reverse()) await close();
  for (const built of builds.values()) built.cleanup();
});

/** A host serving a build on a loopback address. */
interface Started {
  readonly url: string;
  close(): Promise<void>;
}

interface ComputeHost {
  readonly title: string;
  readonly requirements: () => Requirement[];
  start(built: BuiltSample): Promise<Started>;
}

const local = (port: number) => `http://127.0.0.1:${port}`;

const nginx: ComputeHost = {
  title: 'nginx + njs (the emitted include)',
  requirements: nginxRequirements,
  start: async (built) => {
    const n = await startNginx(built.site, built.deploy);
    return { url: local(n.port), close: () => n.close() };
  },
};

/**
 * A cache in front of `upstream` keyed by path only, as a CDN told to ignore query strings: the
 * origin is asked the bare path (no query), and its answer kept for every query of that path.
 */
async function pathOnlyCache(upstream: string): Promise<string> {
  const port = Number(new URL(upstream).port);
  const cache = new Map<string, Promise<{ status: number; headers: Record<string, string>; body: Buffer }>>();
  const fetchOnce = (path: string, method: string, accept: string | undefined) =>
    new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>((resolve, reject) => {
      const out = request(
        { host: '127.0.0.1', port, method, path, headers: accept === undefined ? {} : { accept }, agent: false },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const headers: Record<string, string> = {};
            for (const [k, v] of Object.entries(res.headers))
              if (v !== undefined && k !== 'connection' && k !== 'transfer-encoding')
                headers[k] = Array.isArray(v) ? v.join(', ') : v;
            resolve({ status: res.statusCode ?? 502, headers, body: Buffer.concat(chunks) });
          });
          res.on('error', reject);
        },
      );
      out.on('error', reject);
      out.end();
    });
  const server = await loopback(async (req) => {
    const path = req.target.split('?')[0]!;
    // Keyed by method, path and Accept (the headers a cache policy may forward): never the query.
    const key = `${req.method} ${path} ${req.accept ?? ''}`;
    let hit = cache.get(key);
    if (hit === undefined) {
      hit = fetchOnce(path, req.method, req.accept);
      cache.set(key, hit);
    }
    const r = await hit;
    return { status: r.status, contentType: r.headers['content-type'] ?? null, body: r.body, headers: r.headers };
  });
  closing.push(() => server.close());
  return server.url;
}

describeWith('check catches broken deployments of nginx', nginxRequirements(), () => {
  it('a cache that ignores the query string (every page answers page 1): wrong bytes', async () => {
    const built = builds.get('full')!;
    const n = await nginx.start(built);
    closing.push(() => n.close());
    await caught(await pathOnlyCache(n.url), built.site, 'wrong bytes', /^\/api\/v1\/\S*\?\S*page/);
  });

  it('a mirror still serving the previous release (the site built as 2014): wrong status where release=2016 is asked', async () => {
    const previous = await buildSample(['nginx'], false, { year: SAMPLE_YEAR - 2 });
    closing.push(async () => previous.cleanup());
    const n = await nginx.start(previous);
    closing.push(() => n.close());
    await caught(n.url, builds.get('full')!.site, 'wrong status', /release=2016/);
  });
});
