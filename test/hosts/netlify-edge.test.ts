/**
 * The Netlify Edge Function (`--targets netlify-edge`) answers client-shaped requests exactly
 * as the dev server: the emitted function run by Deno with the Request and Context Netlify
 * passes, reading the site over HTTP from the same origin, on a full and a compact build.
 */
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { EDGE_DIR, EDGE_FUNCTION } from '../../src/hosts/netlify-edge/adapter.js';
import { send } from './support/client.js';
import { passes } from './support/check-run.js';
import { denoRequirements, startEdge } from './support/deno.js';
import { LOGO_REQUESTS, PROFILE_REQUESTS } from '../../src/check/requests.js';
import { NETLIFY_DUMP_CHECK, netlifyDump, staticNotFound } from './support/downloads.js';
import { buildSample, NEGOTIATED_FIRST, SOME_FORMATS, type BuiltSample } from './support/sites.js';
import { computeHostSuite } from './support/suite.js';
import { siteNotFoundPage } from './support/compare.js';

/** The function of a build's deploy folder. */
const edgeFunction = (built: BuiltSample) => join(built.deploy, EDGE_DIR, `${EDGE_FUNCTION}.js`);

computeHostSuite({
  title: 'Netlify Edge Function under Deno answers as the dev server',
  requirements: denoRequirements(),
  compresses: 'platform',
  target: 'netlify-edge',
  start: async (built) => {
    const edge = await startEdge(built.site, edgeFunction(built));
    return { send: (req) => send(edge.port, req), close: () => edge.close(), log: () => edge.output() };
  },
  // Netlify's CDN serves the download area: a missing file is the site's 404 page; it ignores a
  // Content-Encoding in _headers, so the .sql.gz goes as application/gzip (check: wrong type).
  downloadDeviations: [staticNotFound, netlifyDump],
  checkFailures: [NETLIFY_DUMP_CHECK],
  // A page that does not exist (/matrix/MA9999.1/) is the CDN's: the site's 404 page.
  agree: siteNotFoundPage,
  // Logos are the function's only in a compact build; otherwise Netlify serves them as files.
  extraRequests: (kind) => [...(kind === 'compact' ? LOGO_REQUESTS : []), ...PROFILE_REQUESTS],
  more: () => {
    // Issue 36, defect 1: a site of some formats. The function reads Accept as DRF does, so it
    // answers DRF's 406 (before any lookup) where the site lacks the format, and check passes.
    it('a site of some formats (--formats json,meme): jaspar-static check passes, and 406 comes before 404', async () => {
      const subset = await buildSample(['netlify-edge'], false, { formats: SOME_FORMATS });
      try {
        const edge = await startEdge(subset.site, edgeFunction(subset));
        try {
          const s = await passes(`http://127.0.0.1:${edge.port}`, subset.site);
          expect([s.tier, s.identical]).toEqual(['compute', s.requests]);
          for (const [req, status] of NEGOTIATED_FIRST) {
            const got = await send(edge.port, req);
            expect([req.target, req.accept, got.status]).toEqual([req.target, req.accept, status]);
          }
        } finally {
          await edge.close();
        }
      } finally {
        await subset.cleanup();
      }
    });
  },
});
