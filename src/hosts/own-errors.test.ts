/**
 * Issue 37 item 5: the statuses nginx and Apache answer themselves (a request they cannot parse,
 * too long, a method refused, a body too large, a range past the end, their own failures and an
 * upstream's) all get one of the API's JSON bodies, and both send one byte range at most. The
 * engines are driven by test/conformance/hostile.test.ts for what a client can provoke (400,
 * 405, 413, 414, 416, ranges); a 5xx of the server's own cannot be provoked from outside on a
 * correct deployment, so its configuration is read here.
 */
import { describe, expect, it } from 'vitest';
import { NO_FACTS, smallSite } from '../../test/support/site-config.js';
import { adapter as apache } from './apache/adapter.js';
import { adapter as nginx } from './nginx/adapter.js';

const site = smallSite();
const facts = NO_FACTS;
const OWN = [400, 405, 413, 414, 416, 500, 502, 503, 504];
const file = (files: { path: string; content: string | Iterable<string> }[], path: string) =>
  [...files.find((f) => f.path === path)!.content].join('');

describe("nginx's and Apache's own errors are the API's JSON", () => {
  it('nginx: an error_page for each, to a location answering JSON with a detail; max_ranges 1', () => {
    const conf = file(nginx.files(site, facts), 'nginx/jaspar.conf');
    expect(conf).toMatch(/^max_ranges 1;$/m);
    for (const status of OWN) {
      const page = new RegExp(`^error_page [^;]*\\b${status}\\b[^;]* (\\S+);$`, 'm').exec(conf);
      expect(page, `error_page ${status}`).not.toBeNull();
      const target = page![1]!;
      const at = conf.indexOf(`location ${target.startsWith('@') ? target : `= ${target}`} {`);
      expect(at, `location ${target}`).toBeGreaterThan(-1);
      const location = conf.slice(at, conf.indexOf('\n', at));
      expect(location).toContain('default_type "application/json"');
      expect(location).toMatch(/return \d{3} '\{"detail":"[^']+"\}';/);
    }
  });

  it('Apache: an ErrorDocument for each with a JSON detail, labelled JSON; MaxRanges 1; bodies past 64 KiB refused', () => {
    const conf = file(apache.files(site), 'apache/jaspar.conf');
    expect(conf).toMatch(/^MaxRanges 1$/m);
    expect(conf).toMatch(/^LimitRequestBody 65536$/m);
    const typed = /^Header always set Content-Type application\/json "expr=%\{REQUEST_STATUS\} in \{([^}]*)\}"$/m.exec(
      conf,
    );
    for (const status of OWN) {
      expect(conf, `ErrorDocument ${status}`).toMatch(
        new RegExp(`^ErrorDocument ${status} (?:'\\{"detail":|/_jaspar-error)`, 'm'),
      );
      if (status !== 404) expect(typed?.[1], `Content-Type of ${status}`).toContain(`'${status}'`);
    }
  });
});
