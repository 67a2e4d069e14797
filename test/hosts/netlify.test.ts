/**
 * Netlify `_redirects` alone (`--targets netlify`, the rules tier): Netlify's own parser and
 * engine (test/support/netlify-host.ts) over the emitted `_redirects`/`_headers`, judged on the
 * client-shaped requests against the dev server. Netlify cannot read Accept, so it is judged
 * against the dev server's answer without one (docs/hosting.md).
 */
import { netlifyHost } from '../support/netlify-host.js';
import type { Reply } from '../../src/check/types.js';
import { netlifyDump, staticNotFound } from './support/downloads.js';
import { collectionAsWritten } from './support/compare.js';
import { rulesHostSuite } from './support/rules-suite.js';
import { PROFILE_REQUESTS } from '../../src/check/requests.js';

rulesHostSuite({
  title: 'Netlify _redirects (its own engine) answers as the dev server or refuses',
  requirements: [],
  target: 'netlify',
  minSame: 100,
  extraRequests: () => [
    ...PROFILE_REQUESTS,
    // Refused (another callback name), not the default's page: the engine let a later copy of the
    // refusal rule move it after the pages (netlifyRedirects now writes each rule once).
    { method: 'GET', target: '/api/v1/matrix/?format=jsonp&callback=cb&tax_group=vertebrates' },
    { method: 'GET', target: '/api/v1/matrix/?format=jsonp&callback=cb&tax_group=vertebrates&version=latest' },
  ],
  // A missing file is the site's 404 page; Netlify ignores Content-Encoding in _headers: the .sql.gz goes as application/gzip.
  downloadDeviations: [staticNotFound, netlifyDump],
  redirectDeviations: [collectionAsWritten],
  start: async (built) => {
    const netlify = await netlifyHost(built.site);
    return {
      send: async (req): Promise<Reply> => {
        const r = netlify(req.target);
        return {
          status: r.status,
          contentType: r.headers['content-type'] ?? null,
          body: req.method === 'HEAD' ? Buffer.alloc(0) : r.body,
          nosniff: r.headers['x-content-type-options'] === 'nosniff',
          headers: r.headers,
        };
      },
      close: async () => {},
      log: () => '',
    };
  },
});
