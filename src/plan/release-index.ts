/** Lookups over a release that several resources need, computed once per build. */
import { byteOrder } from '../api/order.js';
import type { Matrix, Release, ReleaseInfo, Tffm } from '../model/types.js';
import type { ServedRelease } from '../api/releases.js';

export interface SpeciesEntry {
  readonly taxId: string;
  readonly name: string | null;
  /** Matrices of this species, in MATRIX.ID order. */
  readonly matrices: readonly Matrix[];
}

export interface ReleaseIndex {
  readonly release: Release;
  /** Matrices of each base id, ordered by version. */
  readonly versions: ReadonlyMap<string, readonly Matrix[]>;
  /** The TFFM trained on each matrix id (the first by TFFM.ID when several are). */
  readonly tffmByMatrix: ReadonlyMap<string, Tffm>;
  /** Matrices per collection, collections in byte order. */
  readonly collections: ReadonlyMap<string, readonly Matrix[]>;
  /** Matrices per tax group (the lower-cased `tax_group` annotation), groups in byte order. */
  readonly taxGroups: ReadonlyMap<string, readonly Matrix[]>;
  /** Species with their matrices, sorted by species name (unnamed last), then tax id. */
  readonly species: readonly SpeciesEntry[];
  /** The items of /api/v1/releases/: every release the site serves, newest first. */
  readonly served: readonly ServedRelease[];
}

/** What the build is told of releases (`--release-pubmed`, `--release-website`), by release name. */
export interface ReleaseAbout {
  readonly [name: string]: { readonly pubmedId: number | null; readonly website: string | null };
}

/**
 * What another release's pages say of a release (its record in /api/v1/releases/): its name,
 * year and counts. Small, so a site of many releases keeps these of every one and the model of
 * one at a time (issue 46).
 */
export interface ReleaseFacts {
  readonly info: ReleaseInfo;
  readonly matrices: number;
  readonly tffms: number;
}

export const factsOf = (release: Release): ReleaseFacts => ({
  info: release.info,
  matrices: release.matrices.length,
  tffms: release.tffms.length,
});

/** What the site serves of each release (the newest first, so it is the active one). */
export const servedReleases = (served: readonly ReleaseFacts[], about: ReleaseAbout): ServedRelease[] =>
  served.map((r, i) => ({
    name: r.info.name,
    year: r.info.year,
    active: i === 0,
    pubmedId: about[r.info.name]?.pubmedId ?? null,
    website: about[r.info.name]?.website ?? null,
    matrices: r.matrices,
    tffms: r.tffms,
  }));

/** Group items under one or several keys each, keys sorted, items kept in input order. */
export function groupSorted<T>(items: readonly T[], keys: (item: T) => readonly string[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    for (const key of new Set(keys(item))) {
      const list = groups.get(key);
      if (list) list.push(item);
      else groups.set(key, [item]);
    }
  }
  return new Map([...groups].sort(([a], [b]) => byteOrder(a, b)));
}

/** The lower-cased tax groups a matrix is annotated with. */
export const taxGroupsOf = (m: Matrix): string[] =>
  m.annotations.filter((a) => a.tag === 'tax_group' && a.value !== '').map((a) => a.value.toLowerCase());

/** `served`: every release of the site, newest first (default: this one alone); `about`: what the build was told of them. */
export function indexRelease(
  release: Release,
  served: readonly ReleaseFacts[] = [factsOf(release)],
  about: ReleaseAbout = {},
): ReleaseIndex {
  const versions = new Map<string, Matrix[]>();
  for (const m of release.matrices) {
    const list = versions.get(m.baseId);
    if (list) list.push(m);
    else versions.set(m.baseId, [m]);
  }
  for (const list of versions.values()) list.sort((a, b) => a.version - b.version || a.key - b.key);
  const tffmByMatrix = new Map<string, Tffm>();
  for (const t of release.tffms) {
    const id = `${t.matrixBaseId}.${t.matrixVersion}`;
    if (!tffmByMatrix.has(id)) tffmByMatrix.set(id, t);
  }
  const names = new Map<string, string | null>();
  for (const m of release.matrices)
    for (const s of m.species) if (!names.has(s.taxId) || names.get(s.taxId) === null) names.set(s.taxId, s.name);
  const species = [...groupSorted(release.matrices, (m) => m.species.map((s) => s.taxId))]
    .map(([taxId, matrices]) => ({ taxId, name: names.get(taxId) ?? null, matrices }))
    .sort(
      (a, b) =>
        (a.name === null ? 1 : 0) - (b.name === null ? 1 : 0) ||
        byteOrder(a.name ?? '', b.name ?? '') ||
        byteOrder(a.taxId, b.taxId),
    );
  return {
    release,
    versions,
    tffmByMatrix,
    collections: groupSorted(release.matrices, (m) => [m.collection]),
    taxGroups: groupSorted(release.matrices, taxGroupsOf),
    species,
    served: servedReleases(served, about),
  };
}
