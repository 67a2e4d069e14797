/**
 * The bundles of a release's download area (contract §9): which files hold which matrices.
 * One row of {@link BUNDLE_KINDS} per kind of bundle; each gives, per collection, either one
 * file of every matrix or the files per taxon and redundancy that CORE has.
 */
import { isSafeSegment } from '../segments.js';
import type { Matrix, Release } from '../model/types.js';
import { ordered, recordOrder, sortTaxa, taxaOf } from './order.js';

interface BundleKind {
  /** The collection, or null: every collection no other row names. */
  readonly collection: string | null;
  /** The folder under `data/<year>/`. */
  readonly folder: 'CORE' | 'collections';
  /** Per taxon and redundancy (`[_<t>]_{non-redundant,redundant}`), or one file of every matrix. */
  readonly split: boolean;
  /** The first release year the row applies to (null: every year); an unknown year takes every row. */
  readonly fromYear: number | null;
}

/** The kinds of bundle, first match wins; UNVALIDATED before 2022 is a plain collection. */
export const BUNDLE_KINDS: readonly BundleKind[] = [
  { collection: 'CORE', folder: 'CORE', split: true, fromYear: null },
  { collection: 'UNVALIDATED', folder: 'collections', split: true, fromYear: 2022 },
  { collection: null, folder: 'collections', split: false, fromYear: null },
];

/** One bundle: its folder and the name its files share (`<stem>_<format>.{txt,zip}`), and its records in order. */
export interface Bundle {
  readonly folder: string;
  readonly stem: string;
  readonly matrices: readonly Matrix[];
}

function kindOf(collection: string, year: number | null): BundleKind {
  const kind = BUNDLE_KINDS.find(
    (k) =>
      (k.collection === null || k.collection === collection) &&
      (k.fromYear === null || year === null || year >= k.fromYear),
  );
  if (kind === undefined) throw new Error('BUNDLE_KINDS must end with a row for every collection');
  return kind;
}

/** Per base id, its highest version only (`matrices` of one collection). */
export function latestVersions(matrices: readonly Matrix[]): Matrix[] {
  const latest = new Map<string, Matrix>();
  for (const m of matrices) {
    const seen = latest.get(m.baseId);
    if (seen === undefined || m.version > seen.version) latest.set(m.baseId, m);
  }
  return matrices.filter((m) => latest.get(m.baseId) === m);
}

/**
 * Every bundle of `release`, files named after `prefix` (`JASPAR<year>`): collections in byte
 * order; within a split collection the all-taxa files, then each taxon's in the taxa order,
 * non-redundant before redundant. Empty selections have no file; a taxon that cannot be a file
 * name has no file of its own (its matrices are in the all-taxa files).
 */
export function bundles(release: Release, prefix: string): Bundle[] {
  const year = release.info.year;
  const order = recordOrder(year);
  const byCollection = new Map<string, Matrix[]>();
  for (const m of release.matrices) {
    let list = byCollection.get(m.collection);
    if (list === undefined) byCollection.set(m.collection, (list = []));
    list.push(m);
  }
  const out: Bundle[] = [];
  for (const collection of [...byCollection.keys()].sort()) {
    const all = byCollection.get(collection)!;
    const kind = kindOf(collection, year);
    const name = `${prefix}_${collection}`;
    if (!kind.split) {
      out.push({ folder: kind.folder, stem: `${name}_pfms`, matrices: ordered(all, order, true) });
      continue;
    }
    const sets = [
      ['non-redundant', latestVersions(all)],
      ['redundant', all],
    ] as const;
    for (const [redundancy, set] of sets)
      out.push({ folder: kind.folder, stem: `${name}_${redundancy}_pfms`, matrices: ordered(set, order, true) });
    for (const taxon of sortTaxa(all.flatMap(taxaOf))) {
      if (!isSafeSegment(`${name}_${taxon}`)) continue;
      for (const [redundancy, set] of sets) {
        const mine = set.filter((m) => taxaOf(m).includes(taxon));
        if (mine.length > 0)
          out.push({
            folder: kind.folder,
            stem: `${name}_${taxon}_${redundancy}_pfms`,
            matrices: ordered(mine, order, false),
          });
      }
    }
  }
  return out;
}
