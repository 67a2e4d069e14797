/**
 * The renderers, keyed by format name (the descriptors are data in src/api/formats.ts). Each
 * format renders a list record the way its list pages hold it (a fragment: assembled into
 * pages by src/formats/list-frames.ts and the runtime), and a whole detail response. Imported
 * only by the site writer.
 */
import type { FormatName } from '../api/formats.js';
import { renderBed } from './bed.js';
import type { RecordInput, RenderContext, RenderInput } from './context.js';
import { htmlRecord } from './html/record.js';
import { renderHtml } from './html/render.js';
import * as jaspar from './jaspar.js';
import { toJson } from './json.js';
import { jsonpWrap } from './list-frames.js';
import { DEFAULT_CALLBACK } from '../routes/request.js';
import { flat } from './flat.js';
import { matrixBlock, type MatrixTextContext, type MatrixTextRenderer } from './matrix-text.js';
import * as meme from './meme.js';
import * as pfm from './pfm.js';
import * as transfac from './transfac.js';
import { toYaml, yamlListItem } from './yaml.js';

export interface FormatRenderer {
  /** The record's fragment; null when the format's pages do not hold records of their own (jsonp wraps json). */
  readonly record: ((input: RecordInput, ctx: RenderContext) => string) | null;
  /** A whole detail response; null when it does not exist (bed without regions). */
  readonly detail: (input: RenderInput, ctx: RenderContext) => string | null;
}

const textCtx = (ctx: RenderContext): MatrixTextContext => ({ baseUrl: ctx.baseUrl, year: ctx.release.year });

function matrixText(module: MatrixTextRenderer): FormatRenderer {
  return {
    record: (input, ctx) => {
      if (input.matrix === null) throw new Error(`a matrix format was asked to render a ${input.kind} record`);
      return matrixBlock(input.matrix, textCtx(ctx), module.renderMatrix);
    },
    detail: (input, ctx) => {
      if (input.matrices === null) throw new Error(`a matrix format was asked to render ${input.route.resource}`);
      return module.renderMatrices(input.matrices, textCtx(ctx));
    },
  };
}

const json = (input: RenderInput): string => toJson(input.data);

/** A record renderer whose fragments come out flat ({@link flat}). */
function flatRecords(renderer: FormatRenderer): FormatRenderer {
  const record = renderer.record;
  return record === null ? renderer : { record: (input, ctx) => flat(record(input, ctx)), detail: renderer.detail };
}

const RENDERED: { readonly [F in FormatName]: FormatRenderer } = {
  json: { record: (input) => toJson(input.record), detail: json },
  jsonp: { record: null, detail: (input) => jsonpWrap(json(input), DEFAULT_CALLBACK) },
  yaml: { record: (input) => yamlListItem(input.record), detail: (input) => toYaml(input.data) },
  jaspar: matrixText(jaspar),
  transfac: matrixText(transfac),
  pfm: matrixText(pfm),
  meme: matrixText(meme),
  bed: {
    record: (input) => (input.matrix === null ? '' : renderBed([input.matrix])),
    detail: (input) => {
      const body = input.matrices === null ? '' : renderBed(input.matrices);
      return body === '' ? null : body;
    },
  },
  api: { record: htmlRecord, detail: renderHtml },
};

export const RENDERERS = Object.fromEntries(
  Object.entries(RENDERED).map(([name, renderer]) => [name, flatRecords(renderer)]),
) as { readonly [F in FormatName]: FormatRenderer };
