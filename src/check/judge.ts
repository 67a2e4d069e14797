/**
 * Judging one answer of the mirror against the reference's: the compute tier owes the same
 * status, Content-Type and bytes; the rules tier owes what {@link judgeRulesTier} allows (a
 * refusal where it refuses, never another list). Both owe the required headers (headers.ts).
 */
import { FORMATS } from '../api/formats.js';
import type { Tier } from '../hosting/adapter.js';
import { missingHeader } from './headers.js';
import { failed, type FailureKind, type Outcome, type ReplyShape } from './outcome.js';
import { referenceRequest } from './reference-request.js';
import { sameBody } from './same-reply.js';
import { asPrebuilt, judgeRulesTier, type TierVerdict } from './tier.js';
import type { ClientRequest, Reply } from './types.js';

const VERDICTS: readonly string[] = ['same', 'links', 'refused', 'error'] satisfies TierVerdict[];
/** Whether judgeRulesTier's answer is a verdict, not what is wrong. */
const isVerdict = (v: string): v is TierVerdict => VERDICTS.includes(v);

/** Asks the reference. */
export type Ask = (req: ClientRequest) => Promise<Reply>;

export const shape = (r: Reply): ReplyShape => ({ status: r.status, type: r.contentType, length: r.body.length });

/** The first byte offset where two bodies differ. */
function firstDifference(a: Buffer, b: Buffer): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return n;
}

/** The path a redirect sends to (its Location without scheme and host), or `none`. */
function locationPath(r: Reply): string {
  const location = r.headers?.location;
  if (location === undefined) return 'none';
  const url = new URL(location, 'http://host');
  return `${url.pathname}${url.search}`;
}

/** What differs first between two replies, or null when status, type and bytes (a zip's members) agree. */
function difference(expected: Reply, got: Reply): { kind: FailureKind; detail: string } | null {
  if (got.status >= 500 && expected.status < 500)
    return { kind: 'unreachable', detail: `server error ${got.status} where ${expected.status} is expected` };
  if (expected.status !== got.status)
    return { kind: 'wrong status', detail: `status ${got.status}, expected ${expected.status}` };
  // A redirect (a profile page's path without its slash) is its target: hosts word its body and
  // spell its Location (absolute or not) each their own way.
  if (expected.status >= 300 && expected.status < 400) {
    const [want, have] = [locationPath(expected), locationPath(got)];
    return want === have ? null : { kind: 'wrong bytes', detail: `redirects to ${have}, expected ${want}` };
  }
  if (expected.contentType !== got.contentType)
    return {
      kind: 'wrong type',
      detail: `Content-Type ${got.contentType ?? 'none'}, expected ${expected.contentType ?? 'none'}`,
    };
  if (!sameBody(expected, got)) {
    const at = firstDifference(expected.body, got.body);
    const zip = expected.contentType === 'application/zip' ? ' (a zip: not the same member names and contents)' : '';
    return {
      kind: 'wrong bytes',
      detail: `${got.body.length} bytes, expected ${expected.body.length}; first difference at byte ${at}${zip}`,
    };
  }
  return null;
}

const headerFailure = (req: ClientRequest, expected: Reply, got: Reply): Outcome | null => {
  const missing = missingHeader(req, expected, got);
  return missing === null
    ? null
    : failed({ kind: 'missing header', detail: missing, expected: shape(expected), got: shape(got) });
};

/** The compute tier: the reference's very answer. */
export function judgeCompute(req: ClientRequest, expected: Reply, got: Reply): Outcome {
  const diff = difference(expected, got);
  if (diff !== null) return failed({ ...diff, expected: shape(expected), got: shape(got) });
  return headerFailure(req, expected, got) ?? { verdict: 'identical' };
}

/** How a rules-tier host is asked (src/check/hosts.ts). */
export interface RulesTraits {
  /** Whether the host reads Accept; `maybe` when the site names hosts of both kinds. */
  readonly negotiates: boolean | 'maybe';
  /**
   * The targets of the site's prebuilt routes (src/check/routes.ts), when known: every host of
   * the tier serves them, so a refusal of one (asked without Accept) fails: the host's rules
   * are missing, not the tier's limits reached.
   */
  readonly prebuilt?: ReadonlySet<string>;
}

async function rulesVerdict(
  req: ClientRequest,
  asked: ClientRequest,
  expected: Reply,
  got: Reply,
  ask: Ask,
): Promise<TierVerdict | string> {
  const both = got.status === 200 && expected.status === 200;
  // The format Accept picked, named by the Content-Type the host answered with.
  const negotiated =
    both && asked.accept !== undefined ? (FORMATS.find((f) => f.mediaType === got.contentType)?.name ?? null) : null;
  const plain = both ? asPrebuilt(asked, negotiated) : null;
  return judgeRulesTier(req, expected, got, plain === null ? null : await ask(plain));
}

/** The rules tier: judgeRulesTier's verdict, against the answer without Accept too for a host that cannot read it. */
export async function judgeRules(
  req: ClientRequest,
  expected: Reply,
  got: Reply,
  ask: Ask,
  traits: RulesTraits,
): Promise<Outcome> {
  const asked = traits.negotiates === false ? referenceRequest(req, false) : req;
  let reference = asked === req ? expected : await ask(asked);
  let verdict = await rulesVerdict(req, asked, reference, got, ask);
  // Not known to read Accept: the answer to the request without it, or (a server in front of a
  // site built for Netlify that reads Accept, as the dev server does) DRF's to the request as sent.
  if (!isVerdict(verdict) && traits.negotiates !== true) {
    const other = asked === req ? referenceRequest(req, false) : req;
    if (other.accept !== asked.accept) {
      const otherReply = other === req ? expected : await ask(other);
      const second = await rulesVerdict(req, other, otherReply, got, ask);
      if (isVerdict(second)) [reference, verdict] = [otherReply, second];
    }
  }
  if (!isVerdict(verdict)) {
    const diff = difference(reference, got) ?? { kind: 'wrong bytes' as const, detail: '' };
    return failed({ kind: diff.kind, detail: verdict, expected: shape(reference), got: shape(got) });
  }
  if (verdict === 'refused' && req.accept === undefined && traits.prebuilt?.has(req.target) === true) {
    const diff = difference(reference, got) ?? { kind: 'wrong status' as const, detail: '' };
    return failed({
      kind: diff.kind,
      detail: `refused, but the site has this page prebuilt (every host of the rules tier serves it): ${diff.detail}`,
      expected: shape(reference),
      got: shape(got),
    });
  }
  if (verdict === 'same') return headerFailure(req, reference, got) ?? { verdict: 'identical' };
  return { verdict: verdict === 'refused' ? 'refused' : 'allowed' };
}

/** Judge by tier. */
export const judge = (tier: Tier, req: ClientRequest, expected: Reply, got: Reply, ask: Ask, traits: RulesTraits) =>
  tier === 'compute' ? Promise.resolve(judgeCompute(req, expected, got)) : judgeRules(req, expected, got, ask, traits);
