/**
 * The Cloudflare Worker in workerd through npm `miniflare`, with the site as Workers static
 * assets behind the `ASSETS` binding (miniflare's own asset worker, as Cloudflare runs it) and
 * the Worker invoked ahead of the assets (`run_worker_first = true` in the emitted
 * wrangler.toml), on a loopback port.
 */
import { dirname } from 'node:path';
import { Miniflare } from 'miniflare';
import { COMPATIBILITY_DATE } from '../../../src/hosts/cloudflare/adapter.js';

export interface RunningWorker {
  readonly port: number;
  close(): Promise<void>;
}

export async function startWorker(site: string, script: string): Promise<RunningWorker> {
  const mf = new Miniflare({
    modules: true,
    scriptPath: script,
    // Module names are relative to this folder (workerd refuses `..` in them).
    modulesRoot: dirname(script),
    compatibilityDate: COMPATIBILITY_DATE,
    host: '127.0.0.1',
    port: 0,
    assets: {
      directory: site,
      binding: 'ASSETS',
      routerConfig: { has_user_worker: true, invoke_user_worker_ahead_of_assets: true },
    },
  });
  const url = await mf.ready;
  return { port: Number(url.port), close: () => mf.dispose() };
}
