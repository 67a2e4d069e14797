/**
 * The data a built site gives the request runtime (docs/runtime.md): the site's configuration
 * (embedded into every host's bundle, and written to `_jaspar/site.json`), and per release an
 * index of its lists and the fragments every list page and detail is assembled from.
 */
import { BROWSABLE_FORMAT, type FormatName } from '../api/formats.js';
import type { Rows } from './rows.js';
import type { DetailName, ItemKind, ListName } from '../api/resources.js';

/** Folder, below a release's root, of everything only the runtime reads. */
export const DATA_DIR = '_jaspar';
/** The site configuration file, at the site root. */
export const SITE_FILE = `${DATA_DIR}/site.json`;

/** Which list pages a build wrote as files (the rules tier serves only these). */
export interface PrebuiltLists {
  /** `page_size` values prebuilt besides the default (no `page_size`). */
  readonly pageSizes: readonly number[];
  /** Order fields prebuilt (each ascending and descending); null = every field. */
  readonly orderFields: readonly string[] | null;
  /** Filters of /api/v1/matrix/ prebuilt; null = every prebuildable filter. */
  readonly filterKeys: readonly string[] | null;
  /** Whether filtered selections are prebuilt in every order too. */
  readonly filterOrders: boolean;
}

export interface ReleaseConfig {
  /** e.g. JASPAR2016. */
  readonly name: string;
  readonly year: number | null;
  /** Folder of this release's files below the site root, with a trailing slash; '' for the only release. */
  readonly root: string;
}

export interface SiteConfig {
  readonly generator: 'jaspar-static';
  /** Deployment base address without trailing slash. */
  readonly baseUrl: string;
  /** Newest first: the first is served when a request names no release. */
  readonly releases: readonly ReleaseConfig[];
  /** Formats the build wrote. */
  readonly formats: readonly FormatName[];
  /** Whether the release ships binding sites (so `bed` and /api/v1/sites/ exist). */
  readonly withSites: boolean;
  /** The list pages written as files; null for a compact build (compute hosts only). */
  readonly prebuilt: PrebuiltLists | null;
}

/** Attributes of the matrices that filters read (contract §8), one entry per matrix. */
export interface MatrixAttributes {
  readonly name: Rows<string>;
  readonly baseId: Rows<string>;
  readonly collection: Rows<string>;
  readonly version: Rows<number>;
  /** Lower-cased `tax_group` annotation values. */
  readonly taxGroups: Rows<Rows<string>>;
  readonly taxIds: Rows<Rows<string>>;
  /** Annotation values of the tags `class`, `family`, `type`. */
  readonly classes: Rows<Rows<string>>;
  readonly families: Rows<Rows<string>>;
  readonly types: Rows<Rows<string>>;
  /** 1 when the matrix has BED regions. */
  readonly bed: Rows<number>;
}

/** Attributes of the TFFMs that the TFFM list's filters read (contract §8.1), one entry per TFFM. */
export interface TffmAttributes {
  readonly name: Rows<string>;
  /** `<base_id>.<version>`. */
  readonly tffmId: Rows<string>;
  /** `<matrix_base_id>.<matrix_version>`. */
  readonly matrixId: Rows<string>;
  /** The index of its matrix in {@link MatrixAttributes}, or -1 when the release lacks it. */
  readonly matrix: Rows<number>;
}

/** One table of list records, in the default (dump key) order. */
export interface ItemTable {
  readonly count: number;
  /**
   * Per order field, each item's rank under that field's comparison (contract §3: byte order,
   * numbers numerically, NULL lowest); equal values share a rank. Sorting by rank is the order.
   */
  readonly ranks: { readonly [field: string]: Rows<number> };
}

export interface IndexData {
  readonly tables: { readonly [K in ItemKind]: ItemTable };
  readonly matrices: MatrixAttributes;
  readonly tffms: TffmAttributes;
  /** Per list resource, per instance (its `:id`, '' when none): the item indices in default order. */
  readonly lists: { readonly [L in ListName]: { readonly [id: string]: Rows<number> } };
  /**
   * Per detail resource, its instances' ids in fragment order, and the items each shows
   * (matrix indices for matrix resources, the TFFM index for a TFFM).
   */
  readonly details: {
    readonly [D in DetailName]: { readonly ids: Rows<string>; readonly items: Rows<Rows<number>> };
  };
  /** Per fragment kind and format, the first index of each chunk file. */
  readonly chunks: { readonly [kind: string]: { readonly [format: string]: Rows<number> } };
}

/** The index of a release. */
export const indexFile = (release: ReleaseConfig): string => `${release.root}${DATA_DIR}/index.json`;

/** The chunk file holding fragments `start…` of a kind in a format. */
export const chunkFile = (release: ReleaseConfig, kind: string, format: string, chunk: number): string =>
  `${release.root}${DATA_DIR}/frag/${kind}/${format}/${chunk}.json`;

/**
 * Whether a site file is runtime data a host may hold in memory (nginx's preloaded object): the
 * index and the fragment chunks, but those of the browsable pages and the logos (large, and asked
 * for by browsers, not clients).
 */
export function isPreloadable(path: string): boolean {
  const at = path.indexOf(`${DATA_DIR}/`);
  if (at === -1 || (at > 0 && path.charAt(at - 1) !== '/') || !path.endsWith('.json')) return false;
  const rest = path.slice(at + DATA_DIR.length + 1);
  if (rest === 'index.json') return true;
  const parts = rest.split('/');
  return (
    parts.length === 4 &&
    parts[0] === 'frag' &&
    parts[1] !== LOGO_KINDS.forward &&
    parts[1] !== LOGO_KINDS.reverse &&
    parts[2] !== BROWSABLE_FORMAT
  );
}

/** The fragment kind of a list's records, or of a detail resource's bodies. */
export const recordKind = (items: ItemKind): string => items;
export const detailKind = (detail: DetailName): string => detail;
/** Sequence logos (compact builds keep them in chunks too): `logo` forward, `logo-rc` reverse complement. */
export const LOGO_KINDS = { forward: 'logo', reverse: 'logo-rc' } as const;
/** The pseudo-format of logo chunks. */
export const LOGO_FORMAT = 'svg';
