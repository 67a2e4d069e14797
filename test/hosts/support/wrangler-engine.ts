/**
 * `wrangler deploy -c <wrangler.toml>` as the Cloudflare guide's engine (test/guides/):
 * a loopback HTTP server answering with the Worker of the configuration last "deployed" (its
 * path recorded in a file by the sandbox's stand-in `wrangler`), run in workerd through npm
 * `miniflare` as test/hosts/support/miniflare.ts runs it: `main` as the module, the `[assets]`
 * directory (relative to the file, as wrangler resolves it) behind its binding, the Worker first
 * when `run_worker_first` says so. A new configuration, or a changed one, replaces the Worker.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, resolve } from 'node:path';
import { Miniflare } from 'miniflare';
import { parse } from 'smol-toml';
import { closeNow, listenLocal } from './loopback.js';

interface WranglerToml {
  main: string;
  compatibility_date: string;
  assets?: { directory: string; binding?: string; run_worker_first?: boolean };
}

function workerOf(configPath: string): Miniflare {
  const config = parse(readFileSync(configPath, 'utf8')) as unknown as WranglerToml;
  const script = resolve(dirname(configPath), config.main);
  const assets = config.assets;
  return new Miniflare({
    modules: true,
    scriptPath: script,
    modulesRoot: dirname(script),
    compatibilityDate: config.compatibility_date,
    host: '127.0.0.1',
    port: 0,
    ...(assets
      ? {
          assets: {
            directory: resolve(dirname(configPath), assets.directory),
            ...(assets.binding ? { binding: assets.binding } : {}),
            routerConfig: {
              has_user_worker: true,
              invoke_user_worker_ahead_of_assets: assets.run_worker_first === true,
            },
          },
        }
      : {}),
  });
}

/** Serve, on `port`, the Worker of the wrangler.toml whose path the file `record` holds. */
export async function startWranglerEngine(port: number, record: string): Promise<{ close(): Promise<void> }> {
  let current: { stamp: string; mf: Miniflare } | null = null;
  let switching: Promise<Miniflare | null> = Promise.resolve(null);
  const worker = (): Promise<Miniflare | null> => {
    switching = switching.then(async () => {
      let path: string;
      try {
        path = readFileSync(record, 'utf8').trim();
      } catch {
        return null;
      }
      const stamp = createHash('sha256').update(path).update(readFileSync(path)).digest('hex');
      if (current?.stamp === stamp) return current.mf;
      await current?.mf.dispose();
      const mf = workerOf(path);
      await mf.ready;
      current = { stamp, mf };
      return mf;
    });
    return switching;
  };

  const server = createServer((req, res) => {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
    req.resume();
    worker()
      .then(async (mf) => {
        if (!mf) {
          res.writeHead(503);
          res.end('nothing deployed');
          return;
        }
        const method = req.method ?? 'GET';
        const got = await mf.dispatchFetch(`http://127.0.0.1:${port}${req.url ?? '/'}`, {
          method,
          headers,
          redirect: 'manual',
        });
        const body = Buffer.from(await got.arrayBuffer());
        const out: Record<string, string> = {};
        got.headers.forEach((value, key) => {
          if (key !== 'content-length' && key !== 'transfer-encoding') out[key] = value;
        });
        res.writeHead(got.status, out);
        res.end(method === 'HEAD' ? undefined : body);
      })
      .catch((err: unknown) => {
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(`wrangler engine: ${String(err)}`);
      });
  });
  await listenLocal(server, port);
  return {
    close: async () => {
      await closeNow(server);
      await switching.catch(() => null);
      await current?.mf.dispose();
    },
  };
}
