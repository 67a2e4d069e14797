/**
 * The one table of output formats (style pattern 1): name (the `format=` value and DRF
 * suffix), file extension (data, never derived), media type, what it renders and how.
 * CLI choices, route expansion, host rules and the dev server all loop over this table.
 */
import type { RenderContext, RenderInput } from './context.js';
import { renderHtml } from './html/render.js';
import * as jaspar from './jaspar.js';
import { toJson } from './json.js';
import type { MatrixTextRenderer } from './matrix-text.js';
import { hasBed, renderBed } from './bed.js';
import * as meme from './meme.js';
import * as pfm from './pfm.js';
import * as transfac from './transfac.js';
import { RawYaml, toYaml, type YamlValue } from './yaml.js';
import type { Json, JsonObject } from '../model/json.js';

/**
 * What a format needs from a response: any API data, the matrices of a matrix resource, or
 * binding sites of those matrices (only when the release ships some).
 */
export type Needs = 'data' | 'matrices' | 'sites';

export interface FormatSpec {
  readonly name: string;
  readonly extension: string;
  readonly mediaType: string;
  readonly needs: Needs;
  /** The body, or null when this response does not exist (a page whose matrices have no sites). */
  readonly render: (input: RenderInput, ctx: RenderContext) => string | null;
}

const json = (input: RenderInput, ctx: RenderContext): string =>
  toJson(input.data, (obj, make) => ctx.cache.get<string>('json', obj, make));

/**
 * YAML as PyYAML's safe_dump prints it. The `results` of a list are records shared by many
 * pages, so each is rendered once as a sequence item and spliced in.
 */
function yaml(input: RenderInput, ctx: RenderContext): string {
  const data = input.data;
  if (data !== null && typeof data === 'object' && !Array.isArray(data) && Array.isArray((data as JsonObject).results)) {
    const obj = data as JsonObject;
    const results = (obj.results as readonly Json[]).map((r) =>
      r !== null && typeof r === 'object' ? ctx.cache.get('yaml', r, () => RawYaml.listItem(r)) : r,
    );
    return toYaml({ ...obj, results } as YamlValue);
  }
  return toYaml(data);
}

/** A matrix text format renders the response's matrices (a detail's one, a page's several). */
function matrixText(module: MatrixTextRenderer) {
  return (input: RenderInput, ctx: RenderContext): string => {
    if (input.matrices === null) throw new Error(`a matrix format was asked to render ${input.route.resource}`);
    return module.renderMatrices(input.matrices, { baseUrl: ctx.baseUrl, year: ctx.release.year });
  };
}

export const FORMATS = [
  { name: 'json', extension: 'json', mediaType: 'application/json', needs: 'data', render: json },
  {
    name: 'jsonp',
    extension: 'js',
    mediaType: 'application/javascript; charset=utf-8',
    needs: 'data',
    render: (input, ctx) => `callback(${json(input, ctx)});`,
  },
  { name: 'yaml', extension: 'yaml', mediaType: 'application/yaml; charset=utf-8', needs: 'data', render: yaml },
  { name: 'jaspar', extension: 'jaspar', mediaType: 'text/jaspar; charset=utf-8', needs: 'matrices', render: matrixText(jaspar) },
  { name: 'transfac', extension: 'transfac', mediaType: 'text/transfac; charset=utf-8', needs: 'matrices', render: matrixText(transfac) },
  { name: 'pfm', extension: 'pfm', mediaType: 'text/pfm; charset=utf-8', needs: 'matrices', render: matrixText(pfm) },
  { name: 'meme', extension: 'meme', mediaType: 'text/meme; charset=utf-8', needs: 'matrices', render: matrixText(meme) },
  {
    name: 'bed',
    extension: 'bed',
    mediaType: 'text/bed; charset=utf-8',
    needs: 'sites',
    render: (input) => (input.matrices !== null && hasBed(input.matrices) ? renderBed(input.matrices) : null),
  },
  { name: 'api', extension: 'html', mediaType: 'text/html; charset=utf-8', needs: 'data', render: renderHtml },
] as const satisfies readonly FormatSpec[];

export type FormatName = (typeof FORMATS)[number]['name'];
export const FORMAT_NAMES: readonly FormatName[] = FORMATS.map((f) => f.name);
/** The format served when the request names none (and the client does not ask for HTML). */
export const DEFAULT_FORMAT: FormatName = 'json';

const BY_NAME = new Map<string, FormatSpec>(FORMATS.map((f) => [f.name, f]));

/** The spec of a format by name; undefined for a name not in the table. */
export function formatSpec(name: string): FormatSpec | undefined {
  return BY_NAME.get(name);
}

export function isFormatName(name: string): name is FormatName {
  return BY_NAME.has(name);
}
