/**
 * How each format frames the records of a list page (contract §3, §5): the JSON and YAML
 * envelopes around pre-rendered records, the body of an empty page. The build
 * writes prebuilt pages and the request runtime assembles any other page with these same
 * functions from the same record fragments, so both give the same bytes. Runtime-safe subset
 * (docs/runtime.md).
 */
import { jsonString } from './json-string.js';
import { yamlWord } from './yaml-resolve.js';

/** What a list page says about itself besides its records. */
export interface Envelope {
  readonly count: number;
  readonly next: string | null;
  readonly previous: string | null;
}

/** The body of an empty list page in every matrix text format (no trailing newline, as live). */
export const NO_PFM_DATA = 'No PFM data available';

const jsonLink = (url: string | null): string => (url === null ? 'null' : jsonString(url));
const yamlLink = (url: string | null): string => (url === null ? 'null' : yamlWord(url));

/**
 * `head`, the items separated by `sep`, then `tail`, as one flat string: one join. A template
 * around a join is a rope of the two, which V8 copies into a flat string again when the page is
 * written; on a build's list pages that was some 300 MB of copies and their garbage (issue 46).
 */
function framed(head: string, items: readonly string[], sep: string, tail: string): string {
  const n = items.length;
  if (n === 0) return head + tail;
  const parts = items.slice();
  parts[0] = head + parts[0];
  parts[n - 1] = parts[n - 1] + tail;
  return parts.join(sep);
}

/** DRF's compact JSON envelope around records already rendered as JSON. */
export function jsonList(env: Envelope, records: readonly string[]): string {
  return framed(
    `{"count":${env.count},"next":${jsonLink(env.next)},"previous":${jsonLink(env.previous)},"results":[`,
    records,
    ',',
    ']}',
  );
}

/** JSONP: the JSON body wrapped in `<callback>(…);`, the name validated by the request's door (src/routes/params.ts). */
export const jsonpWrap = (json: string, callback: string): string => `${callback}(${json});`;

/** PyYAML's block envelope (keys sorted) around records rendered as top-level sequence items. */
export function yamlList(env: Envelope, items: readonly string[]): string {
  const head = `count: ${env.count}\nnext: ${yamlLink(env.next)}\nprevious: ${yamlLink(env.previous)}\n`;
  return items.length === 0 ? `${head}results: []\n` : framed(`${head}results:\n`, items, '', '');
}

/** A matrix text body: the format's header then every block, or {@link NO_PFM_DATA} when there is none. */
export function textBody(blocks: readonly string[], header: string): string {
  return blocks.length === 0 ? NO_PFM_DATA : framed(header, blocks, '', '');
}

/** BED6 lines of the page's matrices, or null when none of them has regions (the response does not exist). */
export function bedBody(blocks: readonly string[]): string | null {
  const body = blocks.join('');
  return body === '' ? null : body;
}
