/**
 * The download area in `check` (contract §9): the files of the built site's `download/` whose
 * headers §9 names (bundles, zips, sites, BED, the database files), as the requests a pipeline
 * sends for them. By default a sample — per release, a few `.txt` bundles spread over CORE's
 * files and over the other collections (so over taxa, redundancy and formats), one zip, one file
 * of each per-matrix folder, and every database file; with `--all` (and in the pool `--sample`
 * draws from) every such file. Files of other endings (TFFM models, the Downloads page) are
 * typed by each host its own way, so they are not asked.
 */
import { join } from 'node:path';
import { DOWNLOAD_ROOT, downloadTypeOf } from '../download/media.js';
import { listTree } from '../output/tree-stamp.js';
import type { ClientRequest } from './types.js';

/** How many `.txt` bundles of each folder (`CORE`, `collections`) of each release the sample asks. */
export const BUNDLES_PER_FOLDER = 3;

const FORMATS = ['jaspar', 'meme', 'transfac'] as const;

/** `data/<year>/<CORE|collections>/<stem>_<format>.<txt|zip>` */
const BUNDLE = /^data\/([^/]+)\/(CORE|collections)\/(.+)_(jaspar|meme|transfac)\.(txt|zip)$/;
/** `data/<year>/<sites|bed|centrality>/<file>`: a per-matrix extra. */
const EXTRA = /^data\/([^/]+)\/(sites|bed|centrality)\//;

/** `count` items of `items` spread evenly from first to last (all of them when there are fewer). */
function spread<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  if (count === 1) return [items[0]!];
  return Array.from({ length: count }, (_, i) => items[Math.round((i * (items.length - 1)) / (count - 1))]!);
}

/** The sample of `paths` (below `download/`, sorted): see the module's comment. */
export function sampleDownloads(paths: readonly string[]): string[] {
  const chosen: string[] = [];
  const stems = new Map<string, Set<string>>();
  const extras = new Map<string, string>();
  for (const p of paths) {
    const bundle = BUNDLE.exec(p);
    if (bundle !== null) {
      const key = `data/${bundle[1]}/${bundle[2]}/`;
      const set = stems.get(key) ?? new Set<string>();
      stems.set(key, set.add(bundle[3]!));
      continue;
    }
    const extra = EXTRA.exec(p);
    if (extra !== null && !extras.has(`${extra[1]}/${extra[2]}`)) extras.set(`${extra[1]}/${extra[2]}`, p);
    if (p.startsWith('database/')) chosen.push(p);
  }
  const have = new Set(paths);
  for (const [folder, names] of stems) {
    const picked = spread([...names], BUNDLES_PER_FOLDER);
    // Formats in turn, so each folder's sample has each format; then one zip per release, CORE's.
    picked.forEach((stem, i) => chosen.push(`${folder}${stem}_${FORMATS[i % FORMATS.length]}.txt`));
    const zip = `${folder}${picked[0]}_${FORMATS[picked.length % FORMATS.length]}.zip`;
    if (folder.endsWith('/CORE/') && have.has(zip)) chosen.push(zip);
  }
  chosen.push(...extras.values());
  return chosen.filter((p) => have.has(p)).sort();
}

const request = (path: string): ClientRequest => ({ method: 'GET', target: `/${DOWNLOAD_ROOT}/${path}` });

/**
 * The download requests for the site at `site`: the sample, or every file whose headers §9
 * names (`all`). None when the site has no download area.
 */
export async function downloadRequests(site: string, all: boolean): Promise<ClientRequest[]> {
  const paths = (await listTree(join(site, DOWNLOAD_ROOT))).filter(
    (p) => downloadTypeOf(`/${DOWNLOAD_ROOT}/${p}`) !== undefined,
  );
  return (all ? paths : sampleDownloads(paths)).map(request);
}
