/**
 * Release records (contract §8.1): `/api/v1/releases/` and `/api/v1/releases/<release_number>/`.
 * JASPAR numbers its releases 2004 = 1, 2006 = 2, 2008 = 3, 2010 = 4, 2014 = 5, then one every two
 * years (2016 = 6 … 2026 = 11). A year off that grid (2012, an odd year, before 2004) or no year
 * at all has no number: its record says `release_number: null` and is addressed by its name
 * instead (docs/api-decisions.md, "Release records"). Runtime-safe subset (docs/runtime.md).
 */
import type { JsonObject } from '../model/json.js';
import { apiUrl } from './urls.js';

/** What a site knows of one release it serves, newest first in the site's list. */
export interface ServedRelease {
  /** e.g. JASPAR2016. */
  readonly name: string;
  readonly year: number | null;
  /** Served when a request names no release (the newest). */
  readonly active: boolean;
  /** Given to the build (`--release-pubmed`); null when not. */
  readonly pubmedId: number | null;
  /** Given to the build (`--release-website`); null when not. */
  readonly website: string | null;
  readonly matrices: number;
  readonly tffms: number;
}

/** JASPAR's release number of a year, or null for a year off its grid (or none). */
export function releaseNumber(year: number | null): number | null {
  if (year === null || year % 2 !== 0) return null;
  if (year >= 2004 && year <= 2010) return (year - 2002) / 2;
  if (year >= 2014) return 5 + (year - 2014) / 2;
  return null;
}

/** The `:id` a release's detail is addressed by: its number, else its name. */
export function releaseId(r: { readonly name: string; readonly year: number | null }): string {
  const n = releaseNumber(r.year);
  return n === null ? r.name : String(n);
}

/** The record of a release, fields in the order of contract §8.1, then this project's own. */
export function releaseRecord(r: ServedRelease, baseUrl: string): JsonObject {
  return {
    release_number: releaseNumber(r.year),
    year: r.year,
    active: r.active,
    pubmed_id: r.pubmedId,
    website: r.website,
    url: apiUrl(baseUrl, `releases/${releaseId(r)}/`),
    name: r.name,
    matrices: r.matrices,
    tffms: r.tffms,
  };
}
