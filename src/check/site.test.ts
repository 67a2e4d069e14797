import { describe, expect, it } from 'vitest';
import { UserError } from '../errors.js';
import type { SiteManifest } from '../site/manifest.js';
import { chooseTier } from './site.js';

const manifest = (targets: string[]) => ({ targets }) as unknown as SiteManifest;

describe('chooseTier', () => {
  it("the tier of the site's one target, or rules when its targets are of both tiers", () => {
    expect(chooseTier(manifest(['nginx']), undefined, undefined)).toEqual({ tier: 'compute', target: 'nginx' });
    expect(chooseTier(manifest(['netlify']), undefined, undefined)).toEqual({ tier: 'rules', target: 'netlify' });
    expect(chooseTier(manifest(['nginx', 'apache']), undefined, undefined)).toEqual({ tier: 'rules', target: null });
    expect(chooseTier(manifest(['nginx', 'cloudflare']), undefined, undefined)).toEqual({
      tier: 'compute',
      target: null,
    });
    expect(chooseTier(manifest([]), undefined, undefined)).toEqual({ tier: 'compute', target: null });
  });

  it('--target picks one of them, --tier overrides', () => {
    expect(chooseTier(manifest(['nginx', 'apache']), undefined, 'nginx')).toEqual({ tier: 'compute', target: 'nginx' });
    expect(chooseTier(manifest(['nginx', 'apache']), 'compute', undefined)).toEqual({ tier: 'compute', target: null });
    expect(() => chooseTier(manifest(['nginx']), undefined, 'apache')).toThrow(UserError);
  });
});
