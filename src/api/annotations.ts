/** The annotation part of a matrix detail (contract §4). */
import type { Json } from '../model/json.js';
import type { Annotation } from '../model/types.js';

/** Tags that accumulate into lists; every other tag sets a string. */
const LIST_TAGS = ['class', 'family', 'tfe_id', 'medline', 'pazar_tf_id'] as const;
/** Plural copies added after the walk, as the 2018 code does. */
const COPIES: readonly (readonly [string, string])[] = [
  ['tfe_ids', 'tfe_id'],
  ['pubmed_ids', 'medline'],
  ['pazar_tf_ids', 'pazar_tf_id'],
];
/** Per-tag value transforms. */
const TRANSFORMS: Readonly<Record<string, (v: string) => string>> = {
  included_models: (v) => v.replaceAll(',', ' '),
};

/** Annotation keys and values in the order the detail lists them. */
export function annotationFields(rows: readonly Annotation[]): [string, Json][] {
  const lists = new Map<string, string[]>(LIST_TAGS.map((t) => [t, []]));
  const fields = new Map<string, Json>(LIST_TAGS.map((t) => [t, lists.get(t) as string[]]));
  // Sorted by TAG (byte order), dump order within a tag: Array.prototype.sort is stable.
  const sorted = [...rows].sort((a, b) => (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
  for (const { tag, value } of sorted) {
    const list = lists.get(tag);
    if (list) list.push(value);
    else fields.set(tag, (TRANSFORMS[tag] ?? ((v: string) => v))(value));
  }
  for (const [copy, source] of COPIES) fields.set(copy, [...(lists.get(source) as string[])]);
  return [...fields];
}
