/**
 * The validator of a computed answer on hosts with Web Crypto (Cloudflare Workers, Netlify Edge
 * Functions on Deno, Lambda@Edge on Node): the SHA-1 of the body's UTF-8 bytes, base64url, as
 * src/runtime/validators.ts defines it for every host.
 */
import type { Answer } from '../../runtime/answer.js';
import { etagOf, takesEtag, withValidator } from '../../runtime/validators.js';

function base64url(bytes: Uint8Array): string {
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The SHA-1 of `body`'s UTF-8 bytes, base64url. */
export async function webDigest(body: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest('SHA-1', new TextEncoder().encode(body))));
}

/** A computed answer with its ETag, or its 304 (If-None-Match); other answers as they are. */
export async function validated(a: Answer, ifNoneMatch: string | null): Promise<Answer> {
  return takesEtag(a) ? withValidator(a, etagOf(await webDigest(a.body!)), ifNoneMatch) : a;
}
