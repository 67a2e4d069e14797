import { describe, expect, it } from 'vitest';
import { limitWarnings } from './limits.js';

const site = (files: number, folder: number) => ({
  files,
  largestFolder: { path: 'files/json/matrix', files: folder },
});

describe('host limits', () => {
  it('Cloudflare: more than 20,000 static assets is one line naming the figure and --compact', () => {
    expect(limitWarnings(['cloudflare'], site(20_004, 10))).toEqual([]);
    const [w] = limitWarnings(['cloudflare', 'nginx'], site(210_733, 10));
    expect(w!.target).toBe('cloudflare');
    expect(w!.message).toMatch(
      /^cloudflare: 210,729 static asset files per version, over the limit of 20,000 .*--compact/,
    );
  });

  it('Netlify: more than 54,000 files in one folder is one line naming the folder and the fix', () => {
    expect(limitWarnings(['netlify'], site(300_000, 54_000))).toEqual([]);
    const [w] = limitWarnings(['netlify'], site(300_000, 60_123));
    expect(w!.message).toMatch(
      /^netlify: 60,123 files in one folder \(files\/json\/matrix\), over the limit of 54,000 .*--formats/,
    );
  });

  it('only the chosen targets are held to their limits', () => {
    expect(limitWarnings(['nginx', 'apache'], site(500_000, 100_000))).toEqual([]);
  });
});
