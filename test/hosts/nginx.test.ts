/**
 * nginx with njs (`--targets nginx`) answers client-shaped requests exactly as the dev server:
 * a real Debian nginx with the emitted include and njs module, on a full and a compact build
 * of the sample.
 */
import { send } from './support/client.js';
import { nginxRequirements, startNginx } from './support/nginx.js';
import { LOGO_REQUESTS, PROFILE_REQUESTS } from '../../src/check/requests.js';
import { computeHostSuite } from './support/suite.js';

computeHostSuite({
  title: 'nginx + njs answers as the dev server',
  requirements: nginxRequirements(),
  compresses: 'host',
  target: 'nginx',
  start: async (built) => {
    const nginx = await startNginx(built.site, built.deploy);
    return { send: (req) => send(nginx.port, req), close: () => nginx.close(), log: () => nginx.log() };
  },
  extraRequests: () => [...LOGO_REQUESTS, ...PROFILE_REQUESTS],
});
