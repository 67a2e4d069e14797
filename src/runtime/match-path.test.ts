import { describe, expect, it } from 'vitest';
import { matchPath } from './match-path.js';

const resources = [
  { segments: ['matrix'] },
  { segments: ['matrix', ':id', 'versions'] },
  { segments: ['matrix', ':id'] },
];
const isFormat = (s: string): s is 'json' | 'meme' => s === 'json' || s === 'meme';

describe('matching a path against a table of resources', () => {
  it('takes the first resource whose segments match, with its id', () => {
    expect(matchPath(resources, ['matrix'], isFormat)).toEqual({ resource: resources[0], id: '', suffix: null });
    expect(matchPath(resources, ['matrix', 'MA1', 'versions'], isFormat)?.resource).toBe(resources[1]);
    expect(matchPath(resources, ['matrix', 'MA1.1'], isFormat)).toEqual({
      resource: resources[2],
      id: 'MA1.1',
      suffix: null,
    });
  });

  it('cuts a format suffix off the last segment first, else reads it whole', () => {
    expect(matchPath(resources, ['matrix.json'], isFormat)).toEqual({ resource: resources[0], id: '', suffix: 'json' });
    expect(matchPath(resources, ['matrix', 'MA1.1.meme'], isFormat)).toEqual({
      resource: resources[2],
      id: 'MA1.1',
      suffix: 'meme',
    });
    expect(matchPath(resources, ['matrix', 'MA1.yaml'], isFormat)).toEqual({
      resource: resources[2],
      id: 'MA1.yaml',
      suffix: null,
    });
    expect(matchPath(resources, ['matrix', '.json'], isFormat)?.suffix).toBeNull();
  });

  it('matches nothing else', () => {
    expect(matchPath(resources, [], isFormat)).toBeNull();
    expect(matchPath(resources, ['tffm'], isFormat)).toBeNull();
    expect(matchPath(resources, ['matrix', 'a', 'b', 'c'], isFormat)).toBeNull();
  });
});
