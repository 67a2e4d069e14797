/**
 * The bundles a build's host files and web site are made with, made ahead by esbuild's own
 * process while the dump is read (build.ts): every one a host's files ask for is among
 * those its adapter names, so none is made again, synchronously, at the end of the build.
 */
import { buildSync as realBuildSync } from '../hosting/edge/esbuild.js';
import { describe, expect, it, vi } from 'vitest';
import { bundleSoon, bundlesMade } from '../hosting/edge/bundle.js';
import { NO_FACTS, smallSite } from '../../test/support/site-config.js';
import { siteScriptSource } from './portal-files.js';
import { HOST_TARGETS, hostBundles, hostFiles } from '../targets/registry.js';

vi.mock('../hosting/edge/esbuild.js', async (actual) => {
  const esbuild = await actual<typeof import('../hosting/edge/esbuild.js')>();
  return { ...esbuild, buildSync: vi.fn(esbuild.buildSync) };
});

describe('bundles made ahead', () => {
  it("are every bundle the hosts' files are made with: none is made again when the files are", async () => {
    const sources = [...hostBundles(HOST_TARGETS), siteScriptSource()];
    // Five runtimes, nginx's kept answers, the web site's script.
    expect(sources).toHaveLength(7);
    const synchronous = vi.mocked(realBuildSync);
    synchronous.mockClear();
    bundleSoon(sources);
    await bundlesMade();
    const files = hostFiles(HOST_TARGETS, smallSite(), NO_FACTS);
    expect(files.some((f) => f.path === '_worker.js')).toBe(true);
    expect(synchronous).not.toHaveBeenCalled();
  });
});
