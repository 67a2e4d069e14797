/**
 * The runtime's index of a release (src/routes/site-data.ts): per item kind the ranks of every
 * order field, the attributes filters read, the items of every list instance and the instances
 * of every detail. Built once from the model; the build's prebuilt pages and the runtime's
 * assembled ones select from this same index.
 */
import { ranksOf } from '../api/order.js';
import { RESOURCES, type DetailName, type ItemKind, type ListName } from '../api/resources.js';
import type { Matrix, Tffm } from '../model/types.js';
import { DETAIL_SOURCES, ITEM_SOURCES, LIST_INSTANCES, type ItemTypes } from './builders.js';
import type { ReleaseIndex } from './release-index.js';
import { asciiLower } from '../routes/request.js';
import type { IndexData, ItemTable, MatrixAttributes, TffmAttributes } from '../routes/site-data.js';

const ITEM_KINDS: readonly ItemKind[] = ['matrix', 'tffm', 'collection', 'taxon', 'species', 'release'];

function table<K extends ItemKind>(kind: K, index: ReleaseIndex): ItemTable {
  const source = ITEM_SOURCES[kind];
  const items: readonly ItemTypes[K][] = source.items(index);
  const ranks: Record<string, number[]> = {};
  for (const [field, get] of Object.entries(source.orderValues)) ranks[field] = ranksOf(items, get);
  return { count: items.length, ranks };
}

const tagValues = (m: Matrix, tag: string): string[] => m.annotations.filter((a) => a.tag === tag).map((a) => a.value);

function matrixAttributes(ms: readonly Matrix[]): MatrixAttributes {
  return {
    name: ms.map((m) => m.name),
    baseId: ms.map((m) => m.baseId),
    collection: ms.map((m) => m.collection),
    version: ms.map((m) => m.version),
    taxGroups: ms.map((m) => [
      ...new Set(
        tagValues(m, 'tax_group')
          .filter((v) => v !== '')
          .map(asciiLower),
      ),
    ]),
    taxIds: ms.map((m) => m.species.map((s) => s.taxId)),
    classes: ms.map((m) => tagValues(m, 'class')),
    families: ms.map((m) => tagValues(m, 'family')),
    types: ms.map((m) => tagValues(m, 'type')),
    bed: ms.map((m) => ((m.sites?.bed?.length ?? 0) > 0 ? 1 : 0)),
  };
}

function tffmAttributes(ts: readonly Tffm[], ms: readonly Matrix[]): TffmAttributes {
  const byId = new Map(ms.map((m, i) => [m.matrixId, i]));
  const matrixId = ts.map((t) => `${t.matrixBaseId}.${t.matrixVersion}`);
  return {
    name: ts.map((t) => t.name),
    tffmId: ts.map((t) => t.tffmId),
    matrixId,
    matrix: matrixId.map((id) => byId.get(id) ?? -1),
  };
}

/** Position of each object in its kind's item array, for matrices and TFFMs. */
function positions<T extends object>(items: readonly T[]): Map<T, number> {
  return new Map(items.map((item, i) => [item, i]));
}

/**
 * Matrix positions (key order) in the default order of matrix lists: by name (SQLite's binary
 * comparison), ties in key order, as today's service answers (contract §8.3). Every matrix list
 * instance keeps its items in this order, so filters keep it, explicit orders break their ties by
 * it and an unknown `order` falls back to it.
 */
function byName(items: readonly number[], nameRank: readonly number[]): number[] {
  return [...items].sort((a, b) => nameRank[a]! - nameRank[b]! || a - b);
}

/** The index of a release, without chunk starts (the fragment writer adds them). */
export function indexData(index: ReleaseIndex): Omit<IndexData, 'chunks'> {
  const matrixAt = positions<Matrix>(index.release.matrices);
  const nameRank = ranksOf(index.release.matrices, (m) => m.name);
  const tffmAt = positions<Tffm>(index.release.tffms);
  const tables = Object.fromEntries(ITEM_KINDS.map((k) => [k, table(k, index)])) as Record<ItemKind, ItemTable>;
  const lists = {} as Record<ListName, Record<string, number[]>>;
  const details = {} as Record<DetailName, { ids: string[]; items: number[][] }>;
  for (const resource of RESOURCES) {
    if (resource.kind === 'list') {
      const instances: Record<string, number[]> = {};
      for (const inst of LIST_INSTANCES[resource.name](index)) {
        const keyOrder =
          inst.items === 'all'
            ? Array.from({ length: tables[resource.items].count }, (_, i) => i)
            : inst.items.map((m) => matrixAt.get(m) as number);
        instances[inst.id] = resource.items === 'matrix' ? byName(keyOrder, nameRank) : keyOrder;
      }
      lists[resource.name] = instances;
    } else {
      details[resource.name] = detailInstances(resource.name, index, matrixAt, tffmAt);
    }
  }
  const { matrices, tffms } = index.release;
  return { tables, matrices: matrixAttributes(matrices), tffms: tffmAttributes(tffms, matrices), lists, details };
}

function detailInstances<D extends DetailName>(
  name: D,
  index: ReleaseIndex,
  matrixAt: Map<Matrix, number>,
  tffmAt: Map<Tffm, number>,
): { ids: string[]; items: number[][] } {
  const source = DETAIL_SOURCES[name];
  const ids: string[] = [];
  const items: number[][] = [];
  for (const inst of source.instances(index)) {
    ids.push(inst.id);
    items.push(source.shows(inst.item).map((x) => ('matrixId' in x ? matrixAt.get(x) : tffmAt.get(x)) as number));
  }
  return { ids, items };
}
