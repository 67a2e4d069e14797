/**
 * S3 + CloudFront, modelled minimally around the emitted artifacts: cache-behaviors.json picks
 * the behavior (first matching path pattern, else the default one, which allows GET and HEAD
 * only), its function from functions/<name>.js runs in a fresh V8 context with nothing but the
 * viewer-request event (no require, no Node globals), a rewritten URI names an S3 object
 * (the key, percent-decoded), objects and their Content-Type are what upload.sh uploads, a
 * missing key is S3's 403 turned by custom-error-responses.json into /404.html with status
 * 404, and response-headers-policy.json adds its headers. Query values and the URI reach the
 * function as the viewer sent them.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { Script, createContext } from 'node:vm';
import { pathPatternMatches } from '../../../src/hosts/cloudfront-split.js';
import type { Answer, Request } from './http.js';

interface Behavior {
  PathPattern: string;
  Function: string;
  AllowedMethods: string[];
}
type Value = { value: string; multiValue?: { value: string }[] };
type FunctionResult = { statusCode?: number; headers?: Record<string, { value: string }>; body?: { data: string }; uri?: string };

/** Content types S3 would guess for files upload.sh leaves to the AWS CLI. */
const GUESS: Record<string, string> = { '.html': 'text/html', '.svg': 'image/svg+xml', '.json': 'application/json', '.css': 'text/css', '.js': 'text/javascript', '.png': 'image/png' };

function querystring(raw: string): Record<string, Value> {
  const out: Record<string, Value> = {};
  for (const part of raw.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const key = eq === -1 ? part : part.slice(0, eq);
    const value = eq === -1 ? '' : part.slice(eq + 1);
    const prev = out[key];
    if (!prev) out[key] = { value };
    else out[key] = { value: prev.value, multiValue: [...(prev.multiValue ?? [{ value: prev.value }]), { value }] };
  }
  return out;
}

/** The uploaded objects: which site files upload.sh sends, and with which Content-Type. */
function bucket(site: string, deploy: string): (key: string) => { file: string; type: string } | null {
  const script = readFileSync(join(deploy, 'cloudfront/upload.sh'), 'utf8');
  const typed = [...script.matchAll(/^aws s3 (?:sync|cp) "\$SITE(\S+?)" .*--content-type '([^']+)'/gm)].map((m) => ({ path: m[1] as string, type: m[2] as string }));
  const excludes = [...(/--delete (--exclude .*)$/m.exec(script)?.[1] ?? '').matchAll(/--exclude '([^']+)'/g)].map((m) => m[1] as string);
  const excluded = (key: string) => excludes.some((e) => (e.endsWith('*') ? key.startsWith(e.slice(0, -1)) : key === e));
  return (key) => {
    const file = join(site, key);
    if (!file.startsWith(`${site}/`) || !existsSync(file) || !statSync(file).isFile()) return null;
    const t = typed.find((x) => (x.path.endsWith('/') ? `/${key}`.startsWith(x.path) : `/${key}` === x.path));
    if (t) return { file, type: t.type };
    return excluded(key) ? null : { file, type: GUESS[extname(key)] ?? 'binary/octet-stream' };
  };
}

export function cloudfrontHost(site: string, deploy: string): (req: Request) => Answer {
  const dir = join(deploy, 'cloudfront');
  const behaviors = JSON.parse(readFileSync(join(dir, 'cache-behaviors.json'), 'utf8')) as Behavior[];
  const errors = (JSON.parse(readFileSync(join(dir, 'custom-error-responses.json'), 'utf8')) as { Items: { ErrorCode: number; ResponsePagePath: string; ResponseCode: string }[] }).Items;
  const policy = (JSON.parse(readFileSync(join(dir, 'response-headers-policy.json'), 'utf8')) as { CustomHeadersConfig: { Items: { Header: string; Value: string }[] } }).CustomHeadersConfig.Items;
  const scripts = new Map(behaviors.map((b) => [b.Function, new Script(`${readFileSync(join(dir, `functions/${b.Function}.js`), 'utf8')}\nhandler(event);`)]));
  const object = bucket(site, deploy);

  const finish = (status: number, headers: Record<string, string>, body: Buffer, method: string): Answer => {
    for (const { Header, Value } of policy) headers[Header.toLowerCase()] = Value;
    return { status, headers, body: method === 'HEAD' ? Buffer.alloc(0) : body };
  };
  const origin = (uri: string, method: string): Answer => {
    let key: string;
    try {
      key = decodeURIComponent(uri.slice(1)) || 'index.html';
    } catch {
      key = uri.slice(1);
    }
    const found = object(key);
    if (found) return finish(200, { 'content-type': found.type }, readFileSync(found.file), method);
    // Without s3:ListBucket a missing key is 403; the error responses turn it into the 404 page.
    const rule = errors.find((e) => e.ErrorCode === 403);
    const page = rule ? object(rule.ResponsePagePath.slice(1)) : null;
    if (!rule || !page) return finish(403, { 'content-type': 'application/xml' }, Buffer.from('<Error><Code>AccessDenied</Code></Error>'), method);
    return finish(Number(rule.ResponseCode), { 'content-type': page.type }, readFileSync(page.file), method);
  };

  return (req) => {
    const q = req.target.indexOf('?');
    const uri = q === -1 ? req.target : req.target.slice(0, q);
    const behavior = behaviors.find((b) => pathPatternMatches(b.PathPattern, uri));
    if (!behavior) return req.method === 'GET' || req.method === 'HEAD' ? origin(uri, req.method) : finish(403, {}, Buffer.alloc(0), req.method);
    if (!behavior.AllowedMethods.includes(req.method)) return finish(403, {}, Buffer.alloc(0), req.method);
    const accept = Object.entries(req.headers ?? {}).find(([k]) => k.toLowerCase() === 'accept')?.[1];
    const event = {
      version: '1.0',
      context: { eventType: 'viewer-request' },
      viewer: { ip: '127.0.0.1' },
      request: { method: req.method, uri, querystring: querystring(q === -1 ? '' : req.target.slice(q + 1)), headers: accept === undefined ? {} : { accept: { value: accept } }, cookies: {} },
    };
    const result = (scripts.get(behavior.Function) as Script).runInContext(createContext({ event })) as FunctionResult;
    if (result.statusCode !== undefined) {
      const headers = Object.fromEntries(Object.entries(result.headers ?? {}).map(([k, v]) => [k, v.value]));
      return finish(result.statusCode, headers, Buffer.from(result.body?.data ?? '', 'utf8'), req.method);
    }
    return origin(result.uri ?? uri, req.method);
  };
}
