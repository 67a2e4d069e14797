/**
 * `jaspar-static check` (docs/check.md, issue 28) against the hosts of the compute tier this
 * project runs, each on a correct deployment of the sample built full and compact (one build
 * of each kind for the four targets): nginx + njs (real Debian nginx), the Cloudflare Worker in
 * workerd (miniflare), the Netlify Edge Function under Deno, and Lambda@Edge over s3rver (an
 * in-process distribution, on a loopback port: test/hosts/support/loopback.ts). Then broken
 * deployments in front of or behind nginx, each caught with its kind named: a cache that ignores
 * the query string (every page answers page 1), a mirror still serving the previous release.
 */
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EDGE_DIR, EDGE_FUNCTION } from '../src/hosts/netlify-edge/adapter.js';
import type { HostTarget } from '../src/hosts/registry.js';
import { caught, passes } from './hosts/support/check-run.js';
import { denoRequirements, startEdge } from './hosts/support/deno.js';
import { startLambdaEdge } from './hosts/support/lambda-edge.js';
import { loopback } from './hosts/support/loopback.js';
import { startWorker } from './hosts/support/miniflare.js';
import { nginxRequirements, startNginx } from './hosts/support/nginx.js';
import { buildSample, SAMPLE_YEAR, type BuiltSample } from './hosts/support/sites.js';
import type { BuildKind } from './hosts/support/suite.js';
import { AWS_CLI, WORKERD } from './support/probes.js';
import { command, describeWith, type Requirement } from './support/requirements.js';

const TARGETS: readonly HostTarget[] = ['nginx', 'cloudflare', 'netlify-edge', 'lambda-edge'];
const KINDS: readonly BuildKind[] = ['full', 'compact'];

const builds = new Map<BuildKind, BuiltSample>();
/** What to close after the file's tests. */
const closing: (() => Promise<void>)[] = [];

beforeAll(async () => {
  for (const kind of KINDS) builds.set(kind, await buildSample(TARGETS, kind === 'compact'));
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

const HOSTS: readonly ComputeHost[] = [
  nginx,
  {
    title: 'the Cloudflare Worker in workerd (miniflare)',
    requirements: () => [command(WORKERD, ['--version'], 'workerd (npm, installed with miniflare by npm ci)')],
    start: async (built) => {
      const w = await startWorker(built.site, join(built.site, '_worker.js'));
      return { url: local(w.port), close: () => w.close() };
    },
  },
  {
    title: 'the Netlify Edge Function under Deno',
    requirements: denoRequirements,
    start: async (built) => {
      const edge = await startEdge(built.site, join(built.deploy, EDGE_DIR, `${EDGE_FUNCTION}.js`));
      return { url: local(edge.port), close: () => edge.close() };
    },
  },
  {
    title: 'Lambda@Edge over s3rver (the site uploaded by upload.sh)',
    requirements: () => [command(AWS_CLI, ['--version'], 'Debian awscli')],
    start: async (built) => {
      const host = await startLambdaEdge(built);
      const server = await loopback((req) => host.send(req));
      return {
        url: server.url,
        close: async () => {
          await server.close();
          await host.close();
        },
      };
    },
  },
];

for (const host of HOSTS) {
  describeWith(`check against ${host.title}`, host.requirements(), () => {
    for (const kind of KINDS) {
      it(`a correct deployment of the ${kind} build passes (compute tier: the same status, type, bytes and headers)`, async () => {
        const built = builds.get(kind)!;
        const started = await host.start(built);
        try {
          const s = await passes(started.url, built.site);
          console.log(
            `check against ${host.title}, ${kind} build: ${s.requests} requests, ${s.identical} identical, ${s.seconds.toFixed(1)} s`,
          );
          expect(s.tier).toBe('compute');
          expect(s.identical).toBe(s.requests);
          expect(s.requests).toBeGreaterThan(400);
        } finally {
          await started.close();
        }
      });
    }
  });
}

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
