/**
 * S3 + CloudFront, modelled around the emitted artifacts: the distribution of template.json
 * picks the behavior (first matching path pattern, else the default one: GET and HEAD to S3),
 * the code of its viewer-request function (inline in the template; a behavior without one sends
 * the request to S3 as it came) runs in a fresh V8 context
 * holding nothing but the viewer-request event (no require, no Node globals), a rewritten URI
 * names an S3 object (the key, percent-decoded), objects and their Content-Type are what
 * upload.sh uploads, a missing key is S3's 403 turned by the template's custom error response
 * into /404.html with status 404, and its response headers policy adds its headers. Query
 * values and the URI reach the function as the viewer sent them.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { createContext, Script } from 'node:vm';
import type { ClientRequest, Reply } from '../../../src/check/types.js';
import { behaviorsOf, distributionConfig, policyHeaders, viewerFunctionCode } from './cfn-template.js';
import { CLI_GUESS } from './cli-guess.js';

/** A reply, and whether S3 answered it (a rewritten or unmatched request) rather than the function. */
export interface CloudFrontReply extends Reply {
  readonly viaS3: boolean;
}

type CfValue = { value: string; multiValue?: { value: string }[] };
export type FunctionResult = {
  statusCode?: number;
  headers?: Record<string, { value: string }>;
  body?: { data: string };
  uri?: string;
};

/** CloudFront's path-pattern match (case-sensitive; `*` any run of characters, `?` one). */
function patternMatches(pattern: string, path: string): boolean {
  const re = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${re}$`).test(path);
}

function querystring(raw: string): Record<string, CfValue> {
  const out: Record<string, CfValue> = {};
  for (const part of raw.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const key = eq === -1 ? part : part.slice(0, eq);
    const value = eq === -1 ? '' : part.slice(eq + 1);
    const prev = out[key];
    out[key] = prev
      ? { value: prev.value, multiValue: [...(prev.multiValue ?? [{ value: prev.value }]), { value }] }
      : { value };
  }
  return out;
}

/** CloudFront's viewer-request event for a request (query values and the URI as the viewer sent them). */
export function viewerEvent(req: ClientRequest) {
  const q = req.target.indexOf('?');
  const uri = q === -1 ? req.target : req.target.slice(0, q);
  return {
    version: '1.0',
    context: { eventType: 'viewer-request' },
    viewer: { ip: '127.0.0.1' },
    request: {
      method: req.method,
      uri,
      querystring: querystring(q === -1 ? '' : req.target.slice(q + 1)),
      headers: req.accept === undefined ? {} : { accept: { value: req.accept } },
      cookies: {},
    },
  };
}

/** An uploaded object: the site file, its Content-Type and its Content-Encoding (null for none). */
export interface S3Object {
  readonly file: string;
  readonly type: string;
  readonly encoding: string | null;
}

/** An `aws s3` filter: `--exclude` or `--include` and its pattern. */
interface Filter {
  readonly include: boolean;
  readonly pattern: RegExp;
}

/** The filters of a command line, in order: an `aws s3` pattern is fnmatch's (`*` crosses `/`, `?` one character). */
const filtersOf = (line: string): Filter[] =>
  [...line.matchAll(/--(exclude|include) '([^']+)'/g)].map((m) => ({
    include: m[1] === 'include',
    pattern: new RegExp(
      `^${m[2]!
        .replace(/[.+^${}()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '.*')
        .replace(/\?/g, '.')}$`,
      's',
    ),
  }));

/** Whether `aws s3 sync` takes a path (relative to the folder synced): the last filter it matches decides, none: taken. */
const takes = (filters: readonly Filter[], path: string): boolean =>
  filters.reduce((taken, f) => (f.pattern.test(path) ? f.include : taken), true);

/**
 * The uploaded objects: which site files upload.sh sends, and with which Content-Type and
 * Content-Encoding. Its syncs run in order, each with its own filters and the excludes the
 * earlier ones appended to `"$@"` (`set -- "$@" --exclude …`), relative to the folder it syncs;
 * the first sync that takes a file uploads it (a later one finds the object up to date).
 */
export function bucket(site: string, script: string): (key: string) => S3Object | null {
  const syncs: { folder: string; filters: Filter[]; type: string | null; encoding: string | null }[] = [];
  let appended: Filter[] = [];
  for (const line of script.split('\n')) {
    const sync = /^\s*aws s3 sync "\$SITE(\/\S*)" /.exec(line);
    if (sync)
      syncs.push({
        folder: sync[1]!,
        filters: [...filtersOf(line), ...appended],
        type: /--content-type '([^']+)'/.exec(line)?.[1] ?? null,
        encoding: /--content-encoding '([^']+)'/.exec(line)?.[1] ?? null,
      });
    else if (/^\s*set -- "\$@" /.test(line)) appended = [...appended, ...filtersOf(line)];
  }
  return (key) => {
    const file = join(site, key);
    if (!file.startsWith(`${site}/`) || !existsSync(file) || !statSync(file).isFile()) return null;
    const sync = syncs.find(
      (s) => `/${key}`.startsWith(s.folder) && takes(s.filters, `/${key}`.slice(s.folder.length)),
    );
    if (!sync) return null;
    return { file, type: sync.type ?? CLI_GUESS[extname(key)] ?? 'binary/octet-stream', encoding: sync.encoding };
  };
}

/** A CloudFront distribution in front of the site's S3 bucket, as the deploy folder configures it. */
export function cloudfrontHost(site: string, deploy: string): (req: ClientRequest) => CloudFrontReply {
  const dir = join(deploy, 'cloudfront');
  const read = (name: string) => readFileSync(join(dir, name), 'utf8');
  const template = read('template.json');
  const distribution = distributionConfig(template);
  const behaviors = behaviorsOf(distribution);
  const errors = distribution.CustomErrorResponses;
  const policy = policyHeaders(template, distribution.DefaultCacheBehavior);
  const scripts = new Map(
    behaviors.flatMap((b) => {
      const code = viewerFunctionCode(template, b);
      return code === null ? [] : [[b.PathPattern, new Script(`${code}\nhandler(event);`)] as const];
    }),
  );
  const object = bucket(site, read('upload.sh'));

  const finish = (
    status: number,
    headers: Record<string, string>,
    body: Buffer,
    method: string,
    viaS3 = true,
  ): CloudFrontReply => {
    for (const { Header, Value } of policy) headers[Header.toLowerCase()] = Value;
    return {
      status,
      contentType: headers['content-type'] ?? null,
      body: method === 'HEAD' ? Buffer.alloc(0) : body,
      headers,
      viaS3,
    };
  };
  const origin = (uri: string, method: string): CloudFrontReply => {
    let key: string;
    try {
      key = decodeURIComponent(uri.slice(1)) || 'index.html';
    } catch {
      key = uri.slice(1);
    }
    const found = object(key);
    if (found)
      return finish(
        200,
        { 'content-type': found.type, ...(found.encoding === null ? {} : { 'content-encoding': found.encoding }) },
        readFileSync(found.file),
        method,
      );
    // Without s3:ListBucket a missing key is 403; the error responses turn it into the 404 page.
    const rule = errors.find((e) => e.ErrorCode === 403);
    const page = rule ? object(rule.ResponsePagePath.slice(1)) : null;
    if (!rule || !page)
      return finish(
        403,
        { 'content-type': 'application/xml' },
        Buffer.from('<Error><Code>AccessDenied</Code></Error>'),
        method,
      );
    return finish(Number(rule.ResponseCode), { 'content-type': page.type }, readFileSync(page.file), method);
  };

  return (req) => {
    const q = req.target.indexOf('?');
    const uri = q === -1 ? req.target : req.target.slice(0, q);
    const behavior = behaviors.find((b) => patternMatches(b.PathPattern, uri));
    const toS3 = () =>
      req.method === 'GET' || req.method === 'HEAD'
        ? origin(uri, req.method)
        : finish(403, {}, Buffer.alloc(0), req.method);
    if (!behavior) return toS3();
    if (!behavior.AllowedMethods.includes(req.method)) return finish(403, {}, Buffer.alloc(0), req.method, false);
    const script = scripts.get(behavior.PathPattern);
    if (script === undefined) return toS3();
    const event = viewerEvent(req);
    const result = script.runInContext(createContext({ event })) as FunctionResult;
    if (result.statusCode !== undefined) {
      const headers = Object.fromEntries(Object.entries(result.headers ?? {}).map(([k, v]) => [k, v.value]));
      return finish(result.statusCode, headers, Buffer.from(result.body?.data ?? '', 'utf8'), req.method, false);
    }
    return origin(result.uri ?? uri, req.method);
  };
}
