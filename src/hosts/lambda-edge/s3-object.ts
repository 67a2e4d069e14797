/**
 * Reading the site's objects from S3 with a plain HTTPS GET (no AWS SDK: the handler stays a
 * few hundred KB). With credentials — in Lambda, always: the execution role's, in the reserved
 * variables AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and AWS_SESSION_TOKEN, which Lambda@Edge
 * keeps — the request is signed with AWS Signature Version 4, so the bucket stays private
 * behind CloudFront's Origin Access Control and the role needs s3:GetObject and s3:ListBucket
 * (without ListBucket S3 answers a missing key 403, which the handler must not take for "not
 * found"). Without credentials the GET is anonymous (a public-read bucket). Web Crypto only.
 */

/** Where the objects are: an endpoint URL with the bucket in it (virtual-host or path style). */
export interface S3Location {
  /** E.g. `https://bucket.s3.eu-west-1.amazonaws.com` or `http://127.0.0.1:4569/bucket`, no trailing slash. */
  readonly endpoint: string;
  /** The bucket's region, for the signature. */
  readonly region: string;
}

export interface Credentials {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly sessionToken?: string;
}

type Env = { readonly [name: string]: string | undefined };

/** The credentials in `env` (Lambda's reserved variables), or null when there are none. */
export function credentialsFrom(env: Env): Credentials | null {
  const id = env.AWS_ACCESS_KEY_ID;
  const secret = env.AWS_SECRET_ACCESS_KEY;
  if (!id || !secret) return null;
  const token = env.AWS_SESSION_TOKEN;
  return token
    ? { accessKeyId: id, secretAccessKey: secret, sessionToken: token }
    : { accessKeyId: id, secretAccessKey: secret };
}

/** An object key as a URL path: each segment percent-encoded as SigV4 wants it (RFC 3986 unreserved kept). */
export function keyPath(key: string): string {
  return key
    .split('/')
    .map((s) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`))
    .join('/');
}

const enc = new TextEncoder();
const hex = (b: ArrayBuffer) =>
  Array.prototype.map.call(new Uint8Array(b), (x: number) => (x < 16 ? '0' : '') + x.toString(16)).join('');
const sha256 = async (text: string) => hex(await crypto.subtle.digest('SHA-256', enc.encode(text)));

async function hmac(key: ArrayBuffer, text: string): Promise<ArrayBuffer> {
  const k = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return crypto.subtle.sign('HMAC', k, enc.encode(text));
}

/** SHA-256 of the empty payload of a GET. */
const EMPTY_HASH = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

/** The headers of a SigV4-signed GET of `url` at time `now`. */
export async function signedHeaders(
  url: URL,
  region: string,
  creds: Credentials,
  now: Date,
): Promise<Record<string, string>> {
  const amzDate = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = { host: url.host, 'x-amz-content-sha256': EMPTY_HASH, 'x-amz-date': amzDate };
  if (creds.sessionToken) headers['x-amz-security-token'] = creds.sessionToken;
  const names = Object.keys(headers).sort();
  const canonical = [
    'GET',
    url.pathname,
    url.search.slice(1),
    names.map((n) => `${n}:${headers[n]}\n`).join(''),
    names.join(';'),
    EMPTY_HASH,
  ].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, await sha256(canonical)].join('\n');
  let key = await hmac(new Uint8Array(enc.encode(`AWS4${creds.secretAccessKey}`)).buffer, day);
  for (const part of [region, 's3', 'aws4_request']) key = await hmac(key, part);
  const signature = hex(await hmac(key, toSign));
  delete headers.host;
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${creds.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`;
  return headers;
}

/** GET the object `key`: S3's response as it is (the caller reads 404 as missing). */
export async function getObject(at: S3Location, key: string, creds: Credentials | null): Promise<Response> {
  const url = new URL(`${at.endpoint}/${keyPath(key)}`);
  const headers = creds === null ? {} : await signedHeaders(url, at.region, creds, new Date());
  return fetch(url, { headers });
}
