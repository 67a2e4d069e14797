/**
 * Fragments: every list record rendered once per format (and, in a compact build, every detail
 * body and logo), kept in memory for the prebuilt pages and written in chunk files for the
 * request runtime, which assembles any page from them (docs/runtime.md). Chunks are JSON arrays
 * of strings cut at about {@link CHUNK_BYTES}, so a host fetches little to answer a page.
 */
import { detailSource, fragmentFormat, type FormatName } from '../api/formats.js';
import { RESOURCES, type DetailName, type ItemKind } from '../api/resources.js';
import type { RenderContext } from '../formats/context.js';
import { RENDERERS } from '../formats/registry.js';
import { reverseComplement } from '../logos/geometry.js';
import { logoSvg } from '../logos/svg.js';
import { DETAIL_SOURCES, ITEM_SOURCES, type ItemTypes, type RecordContext } from '../plan/builders.js';
import type { ReleaseIndex } from '../plan/release-index.js';
import type { Pfm } from '../model/types.js';
import type { DetailRoute } from '../routes/route.js';
import { resourceFormats } from '../routes/applies.js';
import {
  chunkFile,
  detailKind,
  LOGO_FORMAT,
  LOGO_KINDS,
  recordKind,
  type ReleaseConfig,
  type SiteConfig,
} from '../routes/site-data.js';

/** Target size of a chunk file, in UTF-16 code units of its fragments. */
export const CHUNK_BYTES = 256 * 1024;

/** Fragments by kind, then format: one string per item, in the index's order. */
export type FragmentSet = Map<string, Map<string, readonly string[]>>;

const ITEM_KINDS: readonly ItemKind[] = ['matrix', 'tffm', 'collection', 'taxon', 'species', 'release'];

/** Whether a format's records exist for lists of `kind` on this site. */
function recordFormats(kind: ItemKind, site: SiteConfig): FormatName[] {
  const holder = RESOURCES.find((r) => r.kind === 'list' && r.items === kind);
  if (!holder) return [];
  return resourceFormats(holder, site).filter((f) => fragmentFormat(f) === f);
}

/** Items rendered between two pauses: rendering every record is a build's longest step without a file written. */
const ITEMS_PER_PAUSE = 256;

/** Lets signal handlers run and stops when one asked to (the build's); resolves at once where none is given. */
export type Pause = () => Promise<void>;

async function kindRecords<K extends ItemKind>(
  kind: K,
  index: ReleaseIndex,
  records: RecordContext,
  ctx: RenderContext,
  site: SiteConfig,
  pause: Pause,
): Promise<Map<string, readonly string[]>> {
  const source = ITEM_SOURCES[kind];
  const items: readonly ItemTypes[K][] = source.items(index);
  const inputs = items.map((item) => ({ record: source.record(item, records), matrix: source.matrix(item), kind }));
  const out = new Map<string, readonly string[]>();
  for (const format of recordFormats(kind, site)) {
    const render = RENDERERS[format].record;
    if (!render) continue;
    const rendered: string[] = [];
    for (let k = 0; k < inputs.length; k++) {
      if (k % ITEMS_PER_PAUSE === ITEMS_PER_PAUSE - 1) await pause();
      rendered.push(render(inputs[k]!, ctx));
    }
    out.set(format, rendered);
    await pause();
  }
  return out;
}

/** Every list record of the release in every format that applies. */
export async function recordFragments(
  index: ReleaseIndex,
  records: RecordContext,
  ctx: RenderContext,
  site: SiteConfig,
  pause: Pause = async () => {},
): Promise<FragmentSet> {
  const set: FragmentSet = new Map();
  for (const kind of ITEM_KINDS) set.set(recordKind(kind), await kindRecords(kind, index, records, ctx, site, pause));
  return set;
}

/** Each stored format's detail bodies of one resource, rendered one at a time as they are chunked. */
function* detailBodies<D extends DetailName>(
  name: D,
  index: ReleaseIndex,
  records: RecordContext,
  ctx: RenderContext,
  site: SiteConfig,
): Generator<readonly [string, Iterable<string>]> {
  const source = DETAIL_SOURCES[name];
  const resource = RESOURCES.find((r) => r.name === name);
  if (!resource) return;
  const instances = source.instances(index);
  const stored = resourceFormats(resource, site).filter((f) => 'stored' in detailSource(f));
  for (const f of stored) {
    yield [
      f,
      (function* () {
        for (const inst of instances) {
          const route: DetailRoute = {
            kind: 'detail',
            resource: name,
            params: resource.segments.includes(':id') ? { id: inst.id } : {},
            format: f,
          };
          const body = RENDERERS[f].detail(
            { route, data: source.data(inst.item, records, index), matrices: source.matrices(inst.item) },
            ctx,
          );
          if (body === null) throw new Error(`${name} ${inst.id} has no ${f} body`);
          yield body;
        }
      })(),
    ];
  }
}

/**
 * Fragments by kind, each kind's formats had one at a time and each format's fragments one by
 * one: what is chunked and let go before the next is made.
 */
export type FragmentStream = Iterable<readonly [string, Iterable<readonly [string, Iterable<string>]>]>;

/**
 * A compact build's detail bodies (formats stored whole) and logos, which it writes as no files
 * of their own: each made as it is chunked, so a build holds one chunk of them at a time (a
 * release's every detail in every format at once was most of a compact build's memory, and its
 * logos in one array 60 MB more; issue 46).
 */
export function* compactFragments(
  index: ReleaseIndex,
  records: RecordContext,
  ctx: RenderContext,
  site: SiteConfig,
): Generator<readonly [string, Iterable<readonly [string, Iterable<string>]>]> {
  for (const r of RESOURCES)
    if (r.kind === 'detail') yield [detailKind(r.name), detailBodies(r.name, index, records, ctx, site)];
  const ms = index.release.matrices;
  // One format (SVG) of logos, each drawn as it is chunked.
  function* logos(draw: (pfm: Pfm) => string): Generator<readonly [string, Iterable<string>]> {
    yield [
      LOGO_FORMAT,
      (function* () {
        for (const m of ms) yield draw(m.pfm);
      })(),
    ];
  }
  yield [LOGO_KINDS.forward, logos((pfm) => logoSvg(pfm))];
  yield [LOGO_KINDS.reverse, logos((pfm) => logoSvg(reverseComplement(pfm)))];
}

/** Where each kind's and format's chunks start: kind → format → first item of each chunk. */
export type ChunkStarts = Record<string, Record<string, number[]>>;

/**
 * The chunk files of a fragment stream, each yielded as soon as it is cut; returns the index's
 * chunk starts (kinds and formats in the stream's order). A chunk takes fragments while they fit
 * in {@link CHUNK_BYTES}, and at least one; a format without fragments has one empty chunk.
 */
export function* chunkFiles(
  set: FragmentStream,
  release: ReleaseConfig,
): Generator<{ path: string; content: string }, ChunkStarts> {
  const starts: ChunkStarts = {};
  for (const [kind, formats] of set) {
    starts[kind] = {};
    for (const [format, fragments] of formats) {
      const firsts: number[] = [];
      const cut = (chunk: readonly string[]) => ({
        path: chunkFile(release, kind, format, firsts.length),
        content: JSON.stringify(chunk),
      });
      let chunk: string[] = [];
      let size = 0;
      let count = 0;
      for (const fragment of fragments) {
        if (chunk.length > 0 && size + fragment.length > CHUNK_BYTES) {
          yield cut(chunk);
          firsts.push(count - chunk.length);
          chunk = [];
          size = 0;
        }
        chunk.push(fragment);
        size += fragment.length;
        count++;
      }
      if (chunk.length > 0 || firsts.length === 0) {
        yield cut(chunk);
        firsts.push(count - chunk.length);
      }
      starts[kind]![format] = firsts;
    }
  }
  return starts;
}
