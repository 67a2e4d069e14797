import { describe, expect, it } from 'vitest';
import { NO_FACTS, smallSite } from '../../test/support/site-config.js';
import { COMPACT_TARGETS, compactRefusal, hostFiles } from './registry.js';

const site = smallSite;

describe('compact builds', () => {
  it('are for compute hosts only', () => {
    expect(compactRefusal(COMPACT_TARGETS)).toBeNull();
    for (const t of ['netlify', 'apache', 'cloudfront'] as const) expect(compactRefusal(['nginx', t])).toContain(t);
  });

  it('are refused by hostFiles too (for callers of the build API)', () => {
    expect(() => hostFiles(['netlify-edge', 'cloudfront'], site(true), NO_FACTS)).toThrow(/cloudfront/);
  });
});

describe('runtime host adapters', () => {
  it("write into the site only what the site must hold (the Pages worker, Netlify's _headers), the rest into the deploy folder", () => {
    const files = hostFiles(
      ['nginx', 'netlify-edge', 'cloudflare', 'cloudfront', 'lambda-edge'],
      site(false),
      NO_FACTS,
    );
    const inSite = files.filter((f) => f.place !== 'deploy').map((f) => f.path);
    // Netlify's CDN serves the Edge Function's static files with the site's `_headers` (the download area's types).
    expect(inSite.sort()).toEqual(['.assetsignore', '_headers', '_worker.js']);
    expect(files.filter((f) => f.place === 'deploy').map((f) => f.path.split('/')[0])).toEqual(
      expect.arrayContaining(['nginx', 'netlify-edge', 'cloudflare', 'cloudfront', 'lambda-edge']),
    );
  });

  it('route the logos to the runtime in a compact build only', () => {
    const conf = (compact: boolean) =>
      hostFiles(['nginx'], site(compact), NO_FACTS).find((f) => f.path === 'nginx/jaspar.conf')!.content;
    expect(conf(true)).toContain('location ^~ /static/logos/svg/ {');
    expect(conf(false)).not.toContain('/static/logos/');
  });
});
