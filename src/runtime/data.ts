/**
 * Reading the site's runtime data through the host's cache ({@link Loaded}): the index of a
 * release and the fragment chunks, each asked for as a `need` the first time. Runtime-safe subset.
 */
import type { Loaded } from './answer.js';
import { foldIndex, sortLists, type FoldedIndex, type SortedLists } from '../routes/select.js';
import { RESOURCES, type ListDescriptor } from '../api/resources.js';
import type { Rows } from '../routes/rows.js';
import { chunkFile, indexFile, type IndexData, type ReleaseConfig } from '../routes/site-data.js';

/** Collects the files a step still needs. */
export interface Needs {
  readonly files: string[];
}

export const newNeeds = (): Needs => ({ files: [] });

function want(needs: Needs, path: string): void {
  if (needs.files.indexOf(path) === -1) needs.files.push(path);
}

/** The release's index; null when not loaded yet (added to `needs`). Throws if the site has none. */
export function releaseIndex(loaded: Loaded, release: ReleaseConfig, needs: Needs): IndexData | null {
  const path = indexFile(release);
  const v = loaded[path];
  if (v === undefined) {
    want(needs, path);
    return null;
  }
  if (v === null) throw new Error(`the site has no ${path}: rebuild it`);
  return v as IndexData;
}

/** The chunk (array index) holding fragment `i` of a kind in a format, from the index's chunk starts. */
function chunkOf(starts: Rows<number>, i: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= i) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * The fragments `items` of a kind in a format, in order; null when some chunk is not loaded
 * yet (added to `needs`). Throws when the index lists no such fragments.
 */
export function fragments(
  loaded: Loaded,
  release: ReleaseConfig,
  index: IndexData,
  kind: string,
  format: string,
  items: Rows<number>,
  needs: Needs,
): string[] | null {
  const starts = index.chunks[kind]?.[format];
  if (!starts) throw new Error(`the site has no ${format} fragments of ${kind}: rebuild it with that format`);
  const out: string[] = [];
  let missing = false;
  // The chunk of the item before: a page's items mostly share a chunk, found and named once.
  let c = -1;
  let path = '';
  let chunk: readonly string[] | null | undefined;
  for (let k = 0; k < items.length; k++) {
    const i = items[k]!;
    if (c === -1 || i < starts[c]! || (c + 1 < starts.length && i >= starts[c + 1]!)) {
      c = chunkOf(starts, i);
      path = chunkFile(release, kind, format, c);
      chunk = loaded[path] as readonly string[] | null | undefined;
      if (chunk === undefined) want(needs, path);
    }
    if (chunk === undefined) {
      missing = true;
      continue;
    }
    if (chunk === null) throw new Error(`the site lacks ${path}: rebuild it`);
    if (!missing) out.push(chunk[i - starts[c]!]!);
  }
  return missing ? null : out;
}

type Lookup = { [id: string]: number };

/** Where the derived data of a release's index is kept beside it in the host's cache. */
const lookupKey = (release: ReleaseConfig, detail: string): string => `#${indexFile(release)}#${detail}`;
const foldedKey = (release: ReleaseConfig): string => `#${indexFile(release)}#folded`;
const sortedKey = (release: ReleaseConfig): string => `#${indexFile(release)}#sorted`;

/** The list resources, whose unfiltered instances {@link sortedLists} orders. */
const LISTS: ListDescriptor[] = [];
for (let i = 0; i < RESOURCES.length; i++)
  if (RESOURCES[i]!.kind === 'list') LISTS.push(RESOURCES[i] as ListDescriptor);

/** A detail resource's id → position lookup. */
function detailLookup(index: IndexData, detail: keyof IndexData['details']): Lookup {
  const lookup = Object.create(null) as Lookup;
  const ids = index.details[detail].ids;
  for (let i = 0; i < ids.length; i++) lookup[ids[i]!] = i;
  return lookup;
}

/**
 * Everything the runtime derives from a release's index, by its cache key: what a host that
 * holds the data across requests can make once, before any request (nginx's preloaded object).
 */
export function derivedData(release: ReleaseConfig, index: IndexData): { [key: string]: unknown } {
  const out: { [key: string]: unknown } = {
    [foldedKey(release)]: foldIndex(index, true),
    [sortedKey(release)]: sortLists(index, LISTS),
  };
  const details = Object.keys(index.details) as (keyof IndexData['details'])[];
  for (let i = 0; i < details.length; i++) out[lookupKey(release, details[i]!)] = detailLookup(index, details[i]!);
  return out;
}

/** The position of `id` among a detail resource's instances (a lookup derived once per index). */
export function detailPosition(
  loaded: Loaded,
  release: ReleaseConfig,
  index: IndexData,
  detail: keyof IndexData['details'],
  id: string,
): number {
  const key = lookupKey(release, detail);
  let lookup = loaded[key] as Lookup | undefined;
  if (lookup === undefined) {
    lookup = detailLookup(index, detail);
    loaded[key] = lookup;
  }
  const p = lookup[id];
  return p === undefined ? -1 : p;
}

/** The index's filtered text lower-cased (select.ts), made once per loaded index and kept beside it. */
export function foldedIndex(loaded: Loaded, release: ReleaseConfig, index: IndexData): FoldedIndex {
  const key = foldedKey(release);
  let folded = loaded[key] as FoldedIndex | undefined;
  if (folded === undefined) {
    folded = foldIndex(index, false);
    loaded[key] = folded;
  }
  return folded;
}

/** Each list's unfiltered items in each single order (select.ts), made once per loaded index and kept beside it. */
export function sortedLists(loaded: Loaded, release: ReleaseConfig, index: IndexData): SortedLists {
  const key = sortedKey(release);
  let sorted = loaded[key] as SortedLists | undefined;
  if (sorted === undefined) {
    sorted = sortLists(index, LISTS);
    loaded[key] = sorted;
  }
  return sorted;
}
