/**
 * The bundles a build's host files and web site are made with, made ahead by esbuild's own
 * process while the dump is read (build.ts): every one a host's files ask for is among
 * those its adapter names, so none is made again, synchronously, at the end of the build.
 */
import { buildSync as realBuildSync } from 'esbuild';
import { describe, expect, it, vi } from 'vitest';
import { bundleSoon, bundlesMade } from '../hosting/edge/bundle.js';
import type { SiteConfig } from '../routes/site-data.js';
import { siteScriptSource } from './portal-files.js';
import { HOST_TARGETS, hostBundles, hostFiles } from '../targets/registry.js';

vi.mock('esbuild', async (actual) => {
  const esbuild = await actual<typeof import('esbuild')>();
  return { ...esbuild, buildSync: vi.fn(esbuild.buildSync) };
});

const site: SiteConfig = {
  generator: 'jaspar-static',
  baseUrl: 'https://jaspar.example.org',
  releases: [{ name: 'JASPAR2016', year: 2016, root: '' }],
  formats: ['json', 'meme'],
  withSites: false,
  prebuilt: { pageSizes: [], orderFields: null, filterKeys: null, filterOrders: false },
};

describe('bundles made ahead', () => {
  it("are every bundle the hosts' files are made with: none is made again when the files are", async () => {
    const sources = [...hostBundles(HOST_TARGETS), siteScriptSource()];
    // Five runtimes, nginx's kept answers, the web site's script.
    expect(sources).toHaveLength(7);
    const synchronous = vi.mocked(realBuildSync);
    synchronous.mockClear();
    bundleSoon(sources);
    await bundlesMade();
    const files = hostFiles(HOST_TARGETS, site, {
      aliases: [],
      siteFromDeploy: '../dist',
      deployFromSite: '../dist.deploy',
      runtimeData: new Map(),
    });
    expect(files.some((f) => f.path === '_worker.js')).toBe(true);
    expect(synchronous).not.toHaveBeenCalled();
  });
});
