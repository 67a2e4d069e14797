/**
 * The reference the CloudFront function is held to: the request runtime itself (`resolve` in
 * rules mode) behind CloudFront's viewer-request event, exactly as the function was written
 * before it had to fit CloudFront's 10 KB (it bundled the whole runtime and was 33 KB). The
 * emitted function (src/hosts/cloudfront/function.ts) must return what this returns for every
 * event (test/hosts/cloudfront-identity.test.ts).
 */
import { INTERNAL_ERROR } from '../../../src/api/errors.js';
import { errorAnswer, type Answer } from '../../../src/runtime/answer.js';
import { resolve, type RuntimeRequest } from '../../../src/runtime/resolve.js';
import type { SiteConfig } from '../../../src/routes/site-data.js';
// CloudFront's event shapes, as the emitted function declares them (types only: nothing of its logic).
import type { CfRequest, CfResponse, CfValue } from '../../../src/hosts/cloudfront/function.js';

function values(v: CfValue): string[] {
  const out: string[] = [];
  if (v.multiValue) for (let i = 0; i < v.multiValue.length; i++) out.push(v.multiValue[i]!.value);
  else out.push(v.value);
  return out;
}

/** The query string as the viewer sent it (names in first-seen order, each name's values in order). */
function queryString(qs: { [name: string]: CfValue }): string {
  const parts: string[] = [];
  const names = Object.keys(qs);
  for (let i = 0; i < names.length; i++) {
    const vs = values(qs[names[i]!]!);
    for (let k = 0; k < vs.length; k++) parts.push(`${names[i]!}=${vs[k]!}`);
  }
  return parts.join('&');
}

function cfResponse(a: Answer): CfResponse {
  const headers: { [name: string]: { value: string } } = {};
  for (let i = 0; i < a.headers.length; i++) headers[a.headers[i]![0].toLowerCase()] = { value: a.headers[i]![1] };
  return a.body === undefined
    ? { statusCode: a.status, headers }
    : { statusCode: a.status, headers, body: { encoding: 'text', data: a.body } };
}

/** The viewer-request handler for a site (`site` embedded by the adapter). */
export function cloudfrontHandler(site: SiteConfig): (event: { request: CfRequest }) => CfRequest | CfResponse {
  return (event) => {
    const r = event.request;
    const accept = r.headers.accept;
    const req: RuntimeRequest = {
      method: r.method,
      path: r.uri,
      query: queryString(r.querystring),
      accept: accept ? values(accept).join(', ') : null,
    };
    const step = resolve(req, site, {}, { mode: 'rules' });
    if (!('answer' in step)) return cfResponse(errorAnswer(INTERNAL_ERROR));
    const a = step.answer;
    if (a.passThrough) return r;
    if (a.file !== undefined) {
      // S3 answers a missing key with 403/404, which the distribution's error responses turn into /404.html.
      r.uri = `/${a.file}`;
      r.querystring = {};
      return r;
    }
    return cfResponse(a);
  };
}
