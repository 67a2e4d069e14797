/**
 * The hosts the fuzz test sends requests to, in one table: each is started on a built site
 * and its deploy folder, asked over HTTP (or, for the CloudFront function, in-process as
 * CloudFront would run it), and checked for being still alive. Add a host here and the
 * property runs against it too.
 */
import { spawn } from 'node:child_process';
import { cloudfrontHost } from '../conformance/hosts/cloudfront.js';
import { freePort, send, sendFramed, waitForPort, type Answer, type Request } from '../conformance/hosts/http.js';
import { REAL_SERVERS } from '../conformance/hosts/servers.js';
import { join } from 'node:path';
import { EDGE_DIR, EDGE_FUNCTION } from '../../src/hosts/netlify-edge/adapter.js';
import { denoRequirements, startEdge } from '../hosts/support/deno.js';
import { startWorker } from '../hosts/support/miniflare.js';
import { compiledCli } from '../support/cli.js';
import { WORKERD } from '../support/probes.js';
import { command, type Requirement } from '../support/requirements.js';

export interface RunningHost {
  ask(req: Request): Promise<Answer>;
  /** Why the host is no longer serving (its process exited, or it stopped answering), or null. */
  dead(): Promise<string | null>;
  close(): Promise<void>;
}

export interface FuzzHost {
  /** Short name, as used in gaps.ts. */
  readonly id: string;
  readonly name: string;
  readonly requirements: () => Requirement[];
  start(site: string, deploy: string): Promise<RunningHost>;
}

/** Still answering a plain request? */
async function answering(port: number, ask: typeof send = send): Promise<string | null> {
  try {
    const a = await ask(port, { method: 'GET', target: '/api/v1/' });
    return a.status === 200 ? null : `GET /api/v1/ answered ${a.status}: ${a.body.toString('utf8').slice(0, 200)}`;
  } catch (err) {
    return `no answer to GET /api/v1/: ${(err as Error).message}`;
  }
}

/** The dev server as users run it: `jaspar-static serve` in its own process. */
const devServer: FuzzHost = {
  id: 'dev',
  name: 'dev server (jaspar-static serve)',
  requirements: () => [],
  async start(site) {
    const port = await freePort();
    const child = spawn(process.execPath, [await compiledCli(), 'serve', site, '--port', String(port)], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    await waitForPort(port);
    return {
      ask: (req) => send(port, req),
      dead: async () =>
        child.exitCode !== null || child.signalCode !== null
          ? `exited (${child.exitCode ?? child.signalCode}): ${stderr.slice(-2000)}`
          : answering(port),
      close: async () => {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      },
    };
  },
};

/** nginx and Apache from the conformance suite's table, with the emitted configuration. */
const realServers: FuzzHost[] = REAL_SERVERS.map((s) => ({
  id: s.host,
  name: s.name,
  requirements: s.requirements,
  async start(site, deploy) {
    const running = await s.start(site, deploy);
    return { ask: (req) => send(running.port, req), dead: () => answering(running.port), close: () => running.close() };
  },
}));

/** The emitted CloudFront viewer-request functions over the S3 model, in-process. */
const cloudfront: FuzzHost = {
  id: 'cloudfront',
  name: 'S3 + CloudFront (the emitted functions, in-process)',
  requirements: () => [],
  async start(site, deploy) {
    const host = cloudfrontHost(site, deploy);
    return { ask: async (req) => host(req), dead: async () => null, close: async () => {} };
  },
};

/** The Netlify Edge Function under Deno, as test/hosts runs it (the function from the deploy folder). */
const netlifyEdge: FuzzHost = {
  id: 'netlify-edge',
  name: 'Netlify Edge Function (Deno)',
  requirements: denoRequirements,
  async start(site, deploy) {
    const edge = await startEdge(site, join(deploy, EDGE_DIR, `${EDGE_FUNCTION}.js`));
    return { ask: (req) => send(edge.port, req), dead: () => answering(edge.port), close: () => edge.close() };
  },
};

/**
 * The Cloudflare Worker in workerd (miniflare), as test/hosts runs it. workerd answers at once
 * but keeps the connection open after a `Connection: close` request until its 5 s idle timeout
 * (a bare workerd with a one-line Worker does the same; docs/hosting.md): the answer is read by
 * its own framing (`sendFramed`), as any HTTP/1.1 client reads it.
 */
const cloudflare: FuzzHost = {
  id: 'cloudflare',
  name: 'Cloudflare Worker (workerd through miniflare)',
  requirements: () => [command(WORKERD, ['--version'], 'workerd (npm, installed with miniflare by npm ci)')],
  async start(site) {
    const worker = await startWorker(site, join(site, '_worker.js'));
    return {
      ask: (req) => sendFramed(worker.port, req),
      dead: () => answering(worker.port, sendFramed),
      close: () => worker.close(),
    };
  },
};

export const FUZZ_HOSTS: readonly FuzzHost[] = [devServer, ...realServers, cloudfront, netlifyEdge, cloudflare];
