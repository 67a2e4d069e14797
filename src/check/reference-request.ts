/**
 * The request the reference is asked for the answer a host owes `req`: the same; for a host
 * that cannot read Accept (Netlify), the same without one, except that an API document
 * negotiated by Accept is asked with the Accept that picks the variant Netlify serves
 * (docs/hosting.md, "The API's own documents on Netlify").
 */
import { matchDocument } from '../api/documents.js';
import { netlifyDefaultVariant } from '../hosts/netlify/adapter.js';
import type { ClientRequest } from './types.js';

export function referenceRequest(req: ClientRequest, negotiates: boolean): ClientRequest {
  if (negotiates) return req;
  const url = new URL(req.target, 'http://host');
  const below = url.pathname
    .replace(/^\/api\/v1\/?/, '')
    .split('/')
    .filter(Boolean);
  const doc = url.pathname.startsWith('/api/v1/') ? matchDocument(below) : null;
  const named = url.searchParams.get('format');
  const accept = doc === null || (named !== null && named !== '') ? [] : netlifyDefaultVariant(doc).accept;
  return accept.length > 0
    ? { method: req.method, target: req.target, accept: accept[0]! }
    : { method: req.method, target: req.target };
}
