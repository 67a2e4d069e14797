import { describe, expect, it } from 'vitest';
import { UserError } from '../errors.js';
import { COMPACT_TARGETS, HOST_TARGETS } from '../targets/registry.js';
import { buildTargets, runBuild, type BuildFlags } from './build-command.js';

const flags = (over: Partial<BuildFlags> = {}): BuildFlags => ({
  out: '/nonexistent/out',
  baseUrl: 'http://127.0.0.1:8080',
  formats: ['json'],
  targets: ['netlify', 'nginx'],
  pageSizes: [],
  orders: null,
  filters: null,
  filterOrders: false,
  compact: false,
  quiet: true,
  progressInterval: 5,
  ...over,
});

describe('buildTargets of a compact build', () => {
  it('configures the compute hosts when no --targets is given, and refuses the others when given', () => {
    expect(buildTargets({ targets: [...HOST_TARGETS], compact: true }, false)).toEqual(COMPACT_TARGETS);
    expect(buildTargets({ targets: ['nginx'], compact: true }, true)).toEqual(['nginx']);
    expect(() => buildTargets({ targets: ['cloudfront'], compact: true }, true)).toThrow(UserError);
    expect(buildTargets({ targets: ['cloudfront'], compact: false }, true)).toEqual(['cloudfront']);
  });
});

describe('buildTargets with several releases', () => {
  it('configures the compute hosts when no --targets was given', () => {
    expect(buildTargets(flags(), false, 2)).toEqual([...COMPACT_TARGETS]);
  });
  it('keeps compute targets that were asked for', () => {
    expect(buildTargets(flags({ targets: ['nginx', 'cloudflare'] }), true, 2)).toEqual(['nginx', 'cloudflare']);
  });
  it('refuses rules-only targets, naming them and the hosts that can', () => {
    expect(() => buildTargets(flags({ targets: ['netlify', 'apache', 'nginx'] }), true, 2)).toThrow(
      /several releases .*netlify, apache cannot do .*--targets among netlify-edge, cloudflare, lambda-edge, nginx/,
    );
  });
  it('leaves one release as it was', () => {
    expect(buildTargets(flags(), false, 1)).toEqual(['netlify', 'nginx']);
  });
});

describe('runBuild with several dumps', () => {
  it('refuses --release and --release-name before any work', async () => {
    await expect(runBuild(['a', 'b'], flags({ release: 2020 }))).rejects.toThrow(UserError);
    await expect(runBuild(['a', 'b'], flags({ release: 2020 }))).rejects.toThrow(
      /--release names one release, but 2 dumps were given/,
    );
    await expect(runBuild(['a', 'b'], flags({ releaseName: 'X' }))).rejects.toThrow(/--release-name names one release/);
  });
});
