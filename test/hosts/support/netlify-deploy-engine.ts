/**
 * `netlify deploy --config <netlify.toml>` as the Netlify guide's engine (test/guides/):
 * the sandbox's stand-in `netlify` records the folder it ran in and the `--config` it was
 * given; here that pair is resolved with Netlify's own configuration resolver (npm
 * `@netlify/config`, as `netlify deploy` calls it: test/support/netlify-cli-config.ts), and the
 * publish folder is served with the edge function of the edge-functions folder under Deno, as
 * test/hosts/netlify-edge.test.ts runs it (test/hosts/support/deno.ts), behind a loopback port
 * that stays the same across deploys. A new deploy replaces the one before.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { join } from 'node:path';
import { closeNow, listenLocal } from './loopback.js';
import { netlifyDeployConfig } from '../../support/netlify-cli-config.js';
import { type RunningEdge, startEdge } from './deno.js';

/** Serve, on `port`, the site and edge function of the deploy recorded in `record` (`<cwd>\n<config>`). */
export async function startNetlifyDeployEngine(port: number, record: string): Promise<{ close(): Promise<void> }> {
  let current: { deployed: string; edge: RunningEdge } | null = null;
  let switching: Promise<RunningEdge | null> = Promise.resolve(null);
  const edge = (): Promise<RunningEdge | null> => {
    switching = switching.then(async () => {
      let deployed: string;
      try {
        deployed = readFileSync(record, 'utf8');
      } catch {
        return null;
      }
      if (current?.deployed === deployed) return current.edge;
      const [cwd, config] = deployed.split('\n') as [string, string];
      const resolved = await netlifyDeployConfig(cwd, config || undefined);
      if (!resolved.publish || !resolved.edgeFunctions)
        throw new Error(`${config}: no publish folder or edge functions (${JSON.stringify(resolved)})`);
      const fn = readdirSync(resolved.edgeFunctions).find((f) => /\.(js|ts|mjs)$/.test(f));
      if (!fn) throw new Error(`${resolved.edgeFunctions} holds no edge function`);
      await current?.edge.close();
      current = null;
      const started = await startEdge(resolved.publish, join(resolved.edgeFunctions, fn));
      current = { deployed, edge: started };
      return started;
    });
    return switching;
  };

  const server = createServer((req, res) => {
    edge().then(
      (running) => {
        if (!running) {
          req.resume();
          res.writeHead(503);
          res.end('nothing deployed');
          return;
        }
        const upstream = request(
          { host: '127.0.0.1', port: running.port, method: req.method, path: req.url, headers: req.headers },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        upstream.on('error', (err) => {
          res.writeHead(502, { 'content-type': 'text/plain' });
          res.end(`netlify engine: ${String(err)}`);
        });
        req.pipe(upstream);
      },
      (err: unknown) => {
        req.resume();
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(`netlify engine: ${String(err)}`);
      },
    );
  });
  await listenLocal(server, port);
  return {
    close: async () => {
      await closeNow(server);
      await switching.catch(() => null);
      await current?.edge.close();
    },
  };
}
