/**
 * From a case to the answer each host must give, and from a host's answer to a comparable
 * summary: status, Content-Type, body hash (and Allow for OPTIONS). The documented limits are
 * applied here, in one place: Netlify answers a rewrite to an absent file (or to a value that
 * cannot name one) with its one 404 page, does not negotiate, and is not asked other methods;
 * on S3 + CloudFront an absent file is S3's miss, answered with the same 404 page.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ALLOW, mediaTypeOf, methodNotAllowedBody } from '../../src/hosts/content-types.js';
import { ERROR_BODIES } from '../../src/routes/paths.js';
import type { Case, HostName, Outcome } from './cases.js';
import type { Answer } from './hosts/http.js';

export const METHOD_BODY = methodNotAllowedBody;

/** What the suite compares. */
export interface Summary {
  readonly status: number;
  readonly type: string | null;
  readonly body: string;
  readonly allow?: string;
}

const hash = (b: Buffer | string) => `${createHash('sha256').update(b).digest('hex').slice(0, 12)}:${Buffer.byteLength(b)}`;

/** The outcome `host` must give for `c`, or 'skip'. */
export function outcomeFor(host: HostName, c: Case): Outcome | 'skip' {
  const own = c.instead?.[host];
  if (own !== undefined) return own;
  const e = c.expect;
  if (host === 'netlify' && c.req.method !== 'GET' && c.req.method !== 'HEAD') return 'skip';
  if (e.kind === 'error' && ((host === 'netlify' && e.cause !== 'rule') || (host === 'cloudfront' && e.cause === 'absent'))) {
    return { kind: 'error', error: 'not-found', cause: 'rule' };
  }
  return e;
}

/** The summary of the answer an outcome stands for. */
export function expected(site: string, outcome: Outcome, method: string): Summary {
  const head = method === 'HEAD';
  const body = (b: Buffer | string) => hash(head ? '' : b);
  switch (outcome.kind) {
    case 'file':
      return { status: 200, type: outcome.anyType ? null : (mediaTypeOf(outcome.file) ?? null), body: body(readFileSync(join(site, outcome.file))) };
    case 'error':
      return { status: 404, type: 'application/json', body: body(ERROR_BODIES[outcome.error]) };
    case 'options':
      return { status: 200, type: null, body: body(''), allow: ALLOW };
    case 'status':
      return { status: outcome.status, type: 'application/json', body: body(outcome.body) };
  }
}

/** A host's answer in the form of `expected` (type only where the expectation has one). */
export function summarise(answer: Answer, like: Summary): Summary {
  const s: Summary = { status: answer.status, type: like.type === null ? null : (answer.headers['content-type'] ?? ''), body: hash(answer.body) };
  return like.allow === undefined ? s : { ...s, allow: answer.headers.allow ?? '' };
}

export const describeSummary = (s: Summary) => `${s.status} ${s.type ?? '*'} ${s.body}${s.allow === undefined ? '' : ` allow=${s.allow}`}`;
