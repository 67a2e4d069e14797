/**
 * S3 + CloudFront for the suites that speak raw HTTP requests (hostile, fuzz): the model of
 * the distribution in test/hosts/support/cloudfront-vm.ts (the emitted function in a fresh V8
 * context, S3 objects as upload.sh uploads them), its replies in the raw client's form.
 */
import { cloudfrontHost as distribution } from '../../hosts/support/cloudfront-vm.js';
import type { Answer, Request } from './http.js';

export function cloudfrontHost(site: string, deploy: string): (req: Request) => Answer {
  const host = distribution(site, deploy);
  return (req) => {
    const accept = Object.entries(req.headers ?? {}).find(([k]) => k.toLowerCase() === 'accept')?.[1];
    const reply = host({ method: req.method, target: req.target, ...(accept === undefined ? {} : { accept }) });
    const headers: Record<string, string> = reply.contentType === null ? {} : { 'content-type': reply.contentType };
    // A function's redirect (the profile pages' path without its slash) says where.
    const location = reply.headers?.location;
    if (location !== undefined) headers.location = location;
    return { status: reply.status, headers, body: reply.body };
  };
}
