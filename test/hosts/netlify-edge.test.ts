/**
 * The Netlify Edge Function (`--targets netlify-edge`) answers client-shaped requests exactly
 * as the dev server: the emitted function run by Deno with the Request and Context Netlify
 * passes, reading the site over HTTP from the same origin, on a full and a compact build.
 */
import { join } from 'node:path';
import { EDGE_DIR, EDGE_FUNCTION } from '../../src/hosts/netlify-edge/adapter.js';
import { send } from './support/client.js';
import { denoRequirements, startEdge } from './support/deno.js';
import { LOGO_REQUESTS } from '../../src/check/requests.js';
import { NETLIFY_DUMP_CHECK, netlifyDump, staticNotFound } from './support/downloads.js';
import { computeHostSuite } from './support/suite.js';

computeHostSuite({
  title: 'Netlify Edge Function under Deno answers as the dev server',
  requirements: denoRequirements(),
  compresses: 'platform',
  target: 'netlify-edge',
  start: async (built) => {
    const edge = await startEdge(built.site, join(built.deploy, EDGE_DIR, `${EDGE_FUNCTION}.js`));
    return { send: (req) => send(edge.port, req), close: () => edge.close(), log: () => edge.output() };
  },
  // Netlify's CDN serves the download area: a missing file is the site's 404 page; it ignores a
  // Content-Encoding in _headers, so the .sql.gz goes as application/gzip (check: wrong type).
  downloadDeviations: [staticNotFound, netlifyDump],
  checkFailures: [NETLIFY_DUMP_CHECK],
  // Logos are the function's only in a compact build; otherwise Netlify serves them as files.
  extraRequests: (kind) => (kind === 'compact' ? [...LOGO_REQUESTS] : []),
});
