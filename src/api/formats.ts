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

export interface FormatDescriptor {
  readonly name: string;
  readonly extension: string;
  /** The Content-Type of its responses. */
  readonly mediaType: string;
  readonly needs: Needs;
  readonly role: Role;
}

export const FORMATS = [
  { name: 'json', extension: 'json', mediaType: 'application/json', needs: 'data', role: 'default' },
  { name: 'jsonp', extension: 'js', mediaType: 'application/javascript; charset=utf-8', needs: 'data', role: 'data' },
  { name: 'yaml', extension: 'yaml', mediaType: 'application/yaml; charset=utf-8', needs: 'data', role: 'data' },
  { name: 'jaspar', extension: 'jaspar', mediaType: 'text/jaspar; charset=utf-8', needs: 'matrices', role: 'data' },
  {
    name: 'transfac',
    extension: 'transfac',
    mediaType: 'text/transfac; charset=utf-8',
    needs: 'matrices',
    role: 'data',
  },
  { name: 'pfm', extension: 'pfm', mediaType: 'text/pfm; charset=utf-8', needs: 'matrices', role: 'data' },
  { name: 'meme', extension: 'meme', mediaType: 'text/meme; charset=utf-8', needs: 'matrices', role: 'data' },
  { name: 'bed', extension: 'bed', mediaType: 'text/bed; charset=utf-8', needs: 'sites', role: 'data' },
  { name: 'api', extension: 'html', mediaType: 'text/html; charset=utf-8', needs: 'data', role: 'browsable' },
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
