/**
 * The releases of a site, newest first, had one at a time (issue 46): what every release's
 * pages say of the others (their facts) at hand from the start, and each model only when its
 * turn comes, so a site of many releases is written in the memory of its largest one.
 */
import type { Release } from '../model/types.js';
import { factsOf, type ReleaseFacts } from '../plan/release-index.js';

export interface ReleaseSeries {
  /** Every release of the site, newest first. */
  readonly facts: readonly ReleaseFacts[];
  /**
   * The model of the release at `position` in `facts`. The writer asks for each once, in
   * order, and lets it go before asking for the next.
   */
  load(position: number): Promise<Release>;
}

/** Releases already at hand (a site of one release, tests) as a series. */
export function seriesOf(releases: readonly Release[]): ReleaseSeries {
  return {
    facts: releases.map(factsOf),
    load: async (position) => {
      const release = releases[position];
      if (release === undefined) throw new Error(`no release at position ${position} of ${releases.length}`);
      return release;
    },
  };
}
