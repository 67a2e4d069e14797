/**
 * What release records say that a dump cannot tell (contract §8.1: `pubmed_id`, `website`),
 * from `--release-pubmed` and `--release-website`. A value given alone is the newest release's
 * (the one served without `release`); `<year>=<value>` is that year's release, so a site of
 * several releases can say it of each (docs/api-decisions.md, "Release records").
 */
import { UserError } from '../errors.js';
import type { ReleaseInfo } from '../model/types.js';
import type { ReleaseAbout } from '../plan/release-index.js';

/** What is asked of a release here: its name and year. */
type Named = { readonly info: ReleaseInfo };

/** One value of a per-release option: for the release of `year`, or the newest (null). */
export interface ForRelease<T> {
  readonly year: number | null;
  readonly value: T;
}

/** The value meant for a release (its year's, else the plain one for the newest), or null. */
function valueFor<T>(values: readonly ForRelease<T>[], release: Named, newest: boolean): T | null {
  const own = values.find((v) => v.year !== null && v.year === release.info.year);
  if (own) return own.value;
  const plain = values.find((v) => v.year === null);
  return plain && newest ? plain.value : null;
}

/** Each value naming a year no release of the build has is refused: it would silently vanish. */
function checkYears(flag: string, values: readonly ForRelease<unknown>[], releases: readonly Named[]): void {
  for (const v of values) {
    if (v.year === null || releases.some((r) => r.info.year === v.year)) continue;
    const years = releases
      .map((r) => (r.info.year === null ? `${r.info.name} (no year)` : String(r.info.year)))
      .join(', ');
    throw new UserError(
      `${flag} "${v.year}=${String(v.value)}": no release of ${v.year} is built; this build serves ${years}`,
    );
  }
}

/** Per release name (`releases` newest first), its PubMed id and website. */
export function releaseAbout(
  releases: readonly Named[],
  pubmed: readonly ForRelease<number>[],
  website: readonly ForRelease<string>[],
): ReleaseAbout {
  checkYears('--release-pubmed', pubmed, releases);
  checkYears('--release-website', website, releases);
  const out: { [name: string]: { pubmedId: number | null; website: string | null } } = {};
  releases.forEach((r, i) => {
    const about = { pubmedId: valueFor(pubmed, r, i === 0), website: valueFor(website, r, i === 0) };
    if (about.pubmedId !== null || about.website !== null) out[r.info.name] = about;
  });
  return out;
}
