/**
 * The one table of output formats (style pattern 1), as plain data: name (the `format=` value
 * and DRF suffix), file extension (data, never derived), media type, what a response needs for
 * the format to exist, and its role. A leaf module: the build, the request runtime, every host
 * adapter and the CLI read it; renderers live elsewhere (src/formats/registry.ts), keyed by name.
 *
 * The table's order is DRF's renderer order, which content negotiation walks (contract §8).
 * The runtime code that reads this table runs on nginx's njs 0.7 and CloudFront Functions too,
 * so this module uses plain ES2015 data and functions only (docs/runtime.md).
 */

/**
 * What a format needs from a response: any API data, the matrices of a matrix resource, or
 * binding sites of those matrices (only when the release ships some).
 */
export type Needs = 'data' | 'matrices' | 'sites';

/**
 * `default`: served when a request names no format and negotiation picks nothing else;
 * `browsable`: the HTML pages people read; `data`: every other format.
 */
export type Role = 'default' | 'browsable' | 'data';

/**
 * How a format's list pages, and its details made from matrices, are assembled from record
 * fragments (src/runtime/assemble.ts): DRF's JSON or YAML envelope, text records one after the
 * other under the format's header, BED lines, or the browsable HTML page.
 */
export type Frame = 'json' | 'yaml' | 'text' | 'bed' | 'html';

export interface FormatDescriptor {
  readonly name: string;
  readonly extension: string;
  /** The Content-Type of its responses. */
  readonly mediaType: string;
  /** Which resources it applies to (src/routes/applies.ts). */
  readonly needs: Needs;
  readonly role: Role;
  readonly frame: Frame;
  /** Written once before the records of a non-empty text body (MEME's header); '' for none. */
  readonly header: string;
  /**
   * The format whose bodies this one wraps in a call of the request's `callback` (JSONP wraps
   * JSON), or null. A wrapping format has no records of its own and is the one that reads `callback`.
   */
  readonly wraps: string | null;
}

/** Written once at the start of every non-empty MEME body. */
export const MEME_HEADER =
  'MEME version 4\n\n' +
  'ALPHABET= ACGT\n\n' +
  'strands: + -\n\n' +
  'Background letter frequencies\n' +
  'A 0.25 C 0.25 G 0.25 T 0.25\n\n';

// biome-ignore format: a table reads best one row a line
export const FORMATS = [
  { name: 'json', extension: 'json', mediaType: 'application/json', needs: 'data', role: 'default', frame: 'json', header: '', wraps: null },
  { name: 'jsonp', extension: 'js', mediaType: 'application/javascript; charset=utf-8', needs: 'data', role: 'data', frame: 'json', header: '', wraps: 'json' },
  { name: 'yaml', extension: 'yaml', mediaType: 'application/yaml; charset=utf-8', needs: 'data', role: 'data', frame: 'yaml', header: '', wraps: null },
  { name: 'jaspar', extension: 'jaspar', mediaType: 'text/jaspar; charset=utf-8', needs: 'matrices', role: 'data', frame: 'text', header: '', wraps: null },
  { name: 'transfac', extension: 'transfac', mediaType: 'text/transfac; charset=utf-8', needs: 'matrices', role: 'data', frame: 'text', header: '', wraps: null },
  { name: 'pfm', extension: 'pfm', mediaType: 'text/pfm; charset=utf-8', needs: 'matrices', role: 'data', frame: 'text', header: '', wraps: null },
  { name: 'meme', extension: 'meme', mediaType: 'text/meme; charset=utf-8', needs: 'matrices', role: 'data', frame: 'text', header: MEME_HEADER, wraps: null },
  { name: 'bed', extension: 'bed', mediaType: 'text/bed; charset=utf-8', needs: 'sites', role: 'data', frame: 'bed', header: '', wraps: null },
  { name: 'api', extension: 'html', mediaType: 'text/html; charset=utf-8', needs: 'data', role: 'browsable', frame: 'html', header: '', wraps: null },
] as const satisfies readonly FormatDescriptor[];

export type FormatName = (typeof FORMATS)[number]['name'];
export const FORMAT_NAMES: readonly FormatName[] = FORMATS.map((f) => f.name);

/** The name of the format with role `R` (a type error if the table gives the role to another). */
type NameWithRole<R extends Role> = Extract<(typeof FORMATS)[number], { role: R }>['name'];

/** The format served when a request names none and its Accept header picks nothing else. */
export const DEFAULT_FORMAT: NameWithRole<'default'> = 'json';
/** The browsable HTML format (DRF's `api`). */
export const BROWSABLE_FORMAT: NameWithRole<'browsable'> = 'api';

/** The descriptor of a format; total over {@link FormatName}. */
export function formatSpec(name: FormatName): FormatDescriptor {
  for (let i = 0; i < FORMATS.length; i++) if (FORMATS[i]!.name === name) return FORMATS[i]!;
  throw new Error(`unknown format ${name}`);
}

/** True when `name` is a format of the table (a `format=` value or DRF suffix). */
export function isFormatName(name: string): name is FormatName {
  for (let i = 0; i < FORMATS.length; i++) if (FORMATS[i]!.name === name) return true;
  return false;
}

/** The media type a renderer answers to in negotiation: the Content-Type without parameters. */
export function negotiatedType(name: FormatName): string {
  const t = formatSpec(name).mediaType;
  const semi = t.indexOf(';');
  return semi === -1 ? t : t.slice(0, semi);
}

/** Whether a format wraps another's bodies in a call of the request's `callback` (JSONP): the formats that read `callback`. */
export function takesCallback(name: FormatName): boolean {
  return formatSpec(name).wraps !== null;
}

/** The format whose record fragments a format's bodies are made of: its own, or the one it wraps. */
export function fragmentFormat(name: FormatName): FormatName {
  const wraps = formatSpec(name).wraps;
  return wraps === null ? name : (wraps as FormatName);
}

/** How a compact build's detail body is made: stored whole, wrapped around another format's, or from its matrices' record fragments. */
export type DetailSource =
  | { readonly stored: FormatName }
  | { readonly wrap: FormatName }
  | { readonly matrices: FormatName };

/** The detail source of a format, from its row: wrapping formats wrap, matrix formats assemble, the rest are stored. */
export function detailSource(name: FormatName): DetailSource {
  const spec = formatSpec(name);
  if (spec.wraps !== null) return { wrap: spec.wraps as FormatName };
  if (spec.needs !== 'data') return { matrices: name };
  return { stored: name };
}
