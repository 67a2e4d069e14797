/**
 * Static files a compact build keeps in fragment chunks instead of files: the sequence logos
 * (`/static/logos/svg/<id>.svg`, `<id>.rc.svg`). Compute tier only. Runtime-safe subset.
 */
import { NOT_FOUND } from '../api/errors.js';
import { answered, errorAnswer, type Step } from './answer.js';
import { detailPosition, fragments, newNeeds, releaseIndex } from './data.js';
import type { Loaded } from './answer.js';
import { LOGO_FORMAT, LOGO_KINDS, type SiteConfig } from '../routes/site-data.js';

export const SVG_TYPE = 'image/svg+xml';

/**
 * A logo file name (`MA0004.1.svg`, `MA0004.1.rc.svg`) answered from the chunks of the newest
 * release that has the matrix (a site of several releases shares one logo folder).
 */
export function resolveLogo(site: SiteConfig, loaded: Loaded, name: string): Step {
  const reverse = /\.rc\.svg$/.test(name);
  const id = name.replace(reverse ? /\.rc\.svg$/ : /\.svg$/, '');
  if (id === name) return answered(errorAnswer(NOT_FOUND));
  for (let i = 0; i < site.releases.length; i++) {
    const release = site.releases[i]!;
    const needs = newNeeds();
    const index = releaseIndex(loaded, release, needs);
    if (index === null) return { need: needs.files };
    const position = detailPosition(loaded, release, index, 'matrix-detail', id);
    // Base ids follow the matrices among the detail's instances (src/plan/builders.ts): no logo.
    if (position === -1 || position >= index.tables.matrix.count) continue;
    const frags = fragments(
      loaded,
      release,
      index,
      reverse ? LOGO_KINDS.reverse : LOGO_KINDS.forward,
      LOGO_FORMAT,
      [position],
      needs,
    );
    if (frags === null) return { need: needs.files };
    return answered({ status: 200, headers: [['Content-Type', SVG_TYPE]], body: frags[0]! });
  }
  return answered(errorAnswer(NOT_FOUND));
}
