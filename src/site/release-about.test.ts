import { describe, expect, it } from 'vitest';
import { UserError } from '../errors.js';
import type { Release } from '../model/types.js';
import { releaseAbout } from './release-about.js';

const release = (name: string, year: number | null): Release => ({ info: { name, year } }) as Release;
const newestFirst = [release('JASPAR2018', 2018), release('JASPAR2016', 2016)];

describe('releaseAbout', () => {
  it("gives a plain value to the newest release only, a <year>= value to that year's", () => {
    expect(
      releaseAbout(
        newestFirst,
        [
          { year: null, value: 29140473 },
          { year: 2016, value: 26531826 },
        ],
        [{ year: 2016, value: 'https://jaspar2016.genereg.net' }],
      ),
    ).toEqual({
      JASPAR2018: { pubmedId: 29140473, website: null },
      JASPAR2016: { pubmedId: 26531826, website: 'https://jaspar2016.genereg.net' },
    });
    expect(releaseAbout(newestFirst, [], [])).toEqual({});
  });
  it("a year's value wins over the plain one for the newest release", () => {
    expect(
      releaseAbout(
        newestFirst,
        [
          { year: null, value: 1 },
          { year: 2018, value: 2 },
        ],
        [],
      ),
    ).toEqual({ JASPAR2018: { pubmedId: 2, website: null } });
  });
  it('refuses a year no release of the build has', () => {
    expect(() => releaseAbout(newestFirst, [{ year: 2020, value: 1 }], [])).toThrow(UserError);
    expect(() => releaseAbout(newestFirst, [], [{ year: 2020, value: 'https://x.org' }])).toThrow(
      '--release-website "2020=https://x.org": no release of 2020 is built; this build serves 2018, 2016',
    );
  });
});
