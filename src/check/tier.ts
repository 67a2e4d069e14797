/**
 * What a rules-tier host (Netlify `_redirects`, Apache, the CloudFront function; docs/hosting.md)
 * must answer, judged against the dev server in compute mode (contract §8): where the host
 * answers 200 it answers exactly as the dev server (status, Content-Type, bytes); otherwise it
 * answers an error with a JSON `detail` — the dev server's own error, or a 404 refusal that
 * names what this host cannot do and the hosts that can. Never a different list.
 */
import { COMPUTE_HOSTS } from '../api/errors.js';
import { MATRIX_FILTERS, PREBUILT_FILTERS, RESOURCES } from '../api/resources.js';
import type { FormatName } from '../api/formats.js';
import { foldValue, formDecode, pyInt } from '../routes/request.js';
import { MAX_PAGE_SIZE } from '../routes/page-size.js';
import type { ClientRequest, Reply } from './types.js';
import { sameReply } from './same-reply.js';

/**
 * How a rules-tier answer relates to the dev server's: the same; the same as the dev server's
 * answer to the request as its prebuilt page was made for (`links`: the page's next/previous
 * links carry filter values in their stored case and no parameters that select nothing, DRF's
 * carry what the client sent); a refusal; the same kind of error.
 */
export type TierVerdict = 'same' | 'links' | 'refused' | 'error';

/** Query names that select what a list holds (and its format): the others only ride along in DRF's links. */
const SELECTING = ['format', 'order', 'page', 'page_size', ...MATRIX_FILTERS];

/** Every field some list orders by. */
const ORDER_FIELDS = RESOURCES.flatMap((r) => (r.kind === 'list' ? [...r.orders] : []));

/**
 * A pair as the prebuilt page's links would write it, or null where it selects nothing (contract
 * §3, §8). On JSONP (`jsonp`), `callback` selects the function called (§8.1): the default name
 * is what the prebuilt files call, any other is kept (so a host answering the default's file
 * to it is wrong, not `links`).
 */
function asSelected(name: string, value: string, jsonp: boolean): string | null {
  if (name === 'callback') return jsonp && value !== 'callback' ? `callback=${value}` : null;
  if (!SELECTING.includes(name) || (name === 'version' && value !== 'latest')) return null;
  if (((MATRIX_FILTERS as readonly string[]).includes(name) || name === 'format') && value === '') return null;
  if (name === 'order') {
    // As the runtime reads it: form-decoded, surrounding spaces dropped (`+name` is ` name`).
    const field = formDecode(value).trim();
    return ORDER_FIELDS.includes(field.replace(/^-/, '')) ? `order=${field}` : null;
  }
  if (name === 'page_size') {
    const n = pyInt(value);
    if (n === null || n <= 0) return null;
    return `${name}=${Math.min(n, MAX_PAGE_SIZE)}`;
  }
  return `${name}=${stored(name, value)}`;
}

/** A prebuilt filter's value in the case its files are stored in. */
function stored(name: string, value: string): string {
  return foldValue(PREBUILT_FILTERS.find((f) => f.key === name)?.fold ?? null, value);
}

/**
 * The request as a rules-tier host's prebuilt page was made for it: without names no list
 * reads, `release` (the served one, or the dev server would not answer 200), `version` other
 * than `latest`, empty filters or format, orders naming no field and page sizes DRF ignores (all
 * select nothing); page sizes clamped, prebuilt filter values in their stored case; a format
 * `negotiated` from Accept named with `format=` (and no Accept). Null
 * when that is the request itself.
 */
export function asPrebuilt(req: ClientRequest, negotiated: FormatName | null): ClientRequest | null {
  const q = req.target.indexOf('?');
  const pairs = q === -1 ? [] : req.target.slice(q + 1).split('&');
  const kept: string[] = [];
  // A format picked by Accept: rules-tier hosts serve the page made for `format=` (its links name it).
  if (
    negotiated !== null &&
    !pairs.some((p) => p.startsWith('format=') && p !== 'format=') &&
    !/\.[a-z]+$/.test(req.target.slice(0, q === -1 ? undefined : q))
  ) {
    kept.push(`format=${negotiated}`);
  }
  // The format answered: the suffix, else the last `format=`, else what Accept picked.
  const path = q === -1 ? req.target : req.target.slice(0, q);
  const named = pairs.filter((p) => p.startsWith('format=') && p !== 'format=').map((p) => p.slice('format='.length));
  const jsonp =
    /\.jsonp$/.test(path) || (named.length > 0 ? named[named.length - 1] === 'jsonp' : negotiated === 'jsonp');
  for (const p of pairs) {
    const eq = p.indexOf('=');
    const name = eq === -1 ? p : p.slice(0, eq);
    const value = eq === -1 ? '' : p.slice(eq + 1);
    const pair = asSelected(name, value, jsonp);
    if (pair !== null) kept.push(pair);
  }
  const target = `${q === -1 ? req.target : req.target.slice(0, q)}${kept.length ? `?${kept.join('&')}` : ''}`;
  return target === req.target ? null : { method: req.method, target };
}

/** The `detail` of a JSON error body, or null. */
export function detailOf(body: Buffer): string | null {
  try {
    const json = JSON.parse(body.toString('utf8')) as { detail?: unknown };
    return typeof json.detail === 'string' ? json.detail : null;
  } catch {
    return null;
  }
}

/** A refusal of the rules tier: a 404 whose detail names the hosts that compute. */
export const isRefusal = (r: Reply, head: boolean): boolean =>
  r.status === 404 &&
  r.contentType === 'application/json' &&
  (head || (detailOf(r.body) ?? '').includes(COMPUTE_HOSTS));

/**
 * The verdict on `got` (a rules-tier host) against `expected` (the dev server; `canonical`: its
 * answer to {@link withoutRidingParameters}, if any), or a string saying what is wrong.
 */
export function judgeRulesTier(
  req: ClientRequest,
  expected: Reply,
  got: Reply,
  canonical: Reply | null,
): TierVerdict | string {
  const head = req.method === 'HEAD';
  if (got.status === 200 || expected.status === 200) {
    if (sameReply(expected, got)) return 'same';
    if (got.status === 200 && expected.status === 200 && canonical !== null && sameReply(canonical, got))
      return 'links';
    if (got.status === 200) return 'answers 200 with another answer than the dev server';
    return isRefusal(got, head)
      ? 'refused'
      : 'the dev server answers 200, this host neither the same nor a refusal naming the hosts that can';
  }
  if (sameReply(expected, got)) return 'same';
  if (got.contentType !== 'application/json')
    return `an error without JSON (Content-Type ${got.contentType ?? 'none'})`;
  if (!head && detailOf(got.body) === null) return 'an error without a string detail';
  if (got.status === expected.status || isRefusal(got, head)) return 'error';
  return `status ${got.status} where the dev server answers ${expected.status}`;
}
