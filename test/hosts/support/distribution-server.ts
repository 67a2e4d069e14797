/**
 * A CloudFront distribution as an HTTP server on loopback, for the AWS guides
 * (test/guides/): the distribution of the template the last `cloudformation deploy`
 * was given (the stand-in `aws` records its path, test/hosts/support/aws-stand-in.ts), in
 * front of the bucket deploy.sh uploaded to s3rver. Per request, as CloudFront: the first
 * behavior whose path pattern matches (else the default one: GET and HEAD only); its
 * viewer-request function (the template's inline code, in a fresh V8 context holding only the
 * event, as cloudfront-vm.ts runs it) or its origin-request Lambda@Edge handler (the
 * `index.mjs` beside that template, imported anew when it changes, called with CloudFront's
 * event as lambda-edge.ts calls it, reading the bucket on s3rver); the S3 origin (a key the
 * bucket lacks is S3's 403, which the template's custom error response turns into its page);
 * the response headers policy (custom headers and `X-Content-Type-Options`, each overriding or
 * not as the policy says). What it does not model: caching, invalidations, TLS.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createContext, Script } from 'node:vm';
import { closeNow, listenLocal } from './loopback.js';
import type { CfEvent, CfRequest, CfResponse, LambdaOptions } from '../../../src/hosts/lambda-edge/entry.js';
import type { ClientRequest } from '../../../src/check/types.js';
import { S3_CREDENTIALS, S3_REGION, type S3Server } from '../../support/s3-server.js';
import { behaviorsOf, distributionConfig, type TemplateBehavior, viewerFunctionCode } from './cfn-template.js';
import { viewerEvent } from './cloudfront-vm.js';
import { originRequestEvent, replyOf } from './lambda-edge.js';

type Handler = (event: CfEvent) => Promise<CfResponse | CfRequest>;
type FunctionResult = {
  statusCode?: number;
  headers?: Record<string, { value: string }>;
  body?: { data: string };
  uri?: string;
};
interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}
interface PolicyConfig {
  SecurityHeadersConfig?: { ContentTypeOptions?: { Override: boolean } };
  CustomHeadersConfig?: { Items: { Header: string; Value: string; Override: boolean }[] };
}

/** CloudFront's path-pattern match (case-sensitive; `*` any run of characters, `?` one). */
const matches = (pattern: string, path: string) =>
  new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.')}$`,
  ).test(path);

/** The deployed stack as CloudFront acts on it: behaviors, code, error responses, headers policy. */
interface Deployed {
  readonly behaviors: readonly TemplateBehavior[];
  readonly errors: readonly { ErrorCode: number; ResponsePagePath: string; ResponseCode: number }[];
  readonly policy: PolicyConfig;
  readonly scripts: Map<string, Script>;
  readonly handler: Handler | null;
}

async function load(templatePath: string, s3: S3Server): Promise<Deployed> {
  const text = readFileSync(templatePath, 'utf8');
  const config = distributionConfig(text);
  const resources = (JSON.parse(text) as { Resources: Record<string, { Type: string; Properties: unknown }> })
    .Resources;
  const policyResource = Object.values(resources).find((r) => r.Type === 'AWS::CloudFront::ResponseHeadersPolicy');
  const policy =
    (policyResource?.Properties as { ResponseHeadersPolicyConfig: PolicyConfig } | undefined)
      ?.ResponseHeadersPolicyConfig ?? {};
  const scripts = new Map<string, Script>();
  for (const b of behaviorsOf(config)) {
    const code = viewerFunctionCode(text, b);
    if (code !== null) scripts.set(b.PathPattern, new Script(`${code}\nhandler(event);`));
  }
  let handler: Handler | null = null;
  if (config.CacheBehaviors.some((b) => b.LambdaFunctionAssociations?.length)) {
    const file = join(dirname(templatePath), 'index.mjs');
    const hash = createHash('sha256').update(readFileSync(file)).digest('hex');
    const mod = (await import(`${pathToFileURL(file).href}?${hash}`)) as { handlerWith(o: LambdaOptions): Handler };
    handler = mod.handlerWith({
      s3: { endpoint: `${s3.endpoint}/${s3.bucket}`, region: S3_REGION },
      env: {
        AWS_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
        AWS_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
        AWS_SESSION_TOKEN: 'a-session-token',
      },
    });
  }
  return { behaviors: behaviorsOf(config), errors: config.CustomErrorResponses, policy, scripts, handler };
}

/** Serve the distribution of the last deployed template (its path in the file `templateRecord`) on `port`. */
export async function startDistribution(
  port: number,
  templateRecord: string,
  s3: S3Server,
): Promise<{ close(): Promise<void> }> {
  let cached: { path: string; stamp: string; deployed: Deployed } | null = null;
  const deployed = async (): Promise<Deployed | null> => {
    let path: string;
    try {
      path = readFileSync(templateRecord, 'utf8').trim();
    } catch {
      return null;
    }
    const stamp = createHash('sha256').update(readFileSync(path)).digest('hex');
    if (cached?.path !== path || cached.stamp !== stamp) cached = { path, stamp, deployed: await load(path, s3) };
    return cached.deployed;
  };

  const fromS3 = async (uri: string): Promise<Answer> => {
    const res = await fetch(`${s3.endpoint}/${s3.bucket}${uri === '/' ? '/index.html' : uri}`);
    const headers: Record<string, string> = {};
    const type = res.headers.get('content-type');
    if (type) headers['content-type'] = type;
    // Without s3:ListBucket a missing key is S3's 403 (s3rver says 404 NoSuchKey).
    return { status: res.status === 404 ? 403 : res.status, headers, body: Buffer.from(await res.arrayBuffer()) };
  };
  const origin = async (d: Deployed, uri: string): Promise<Answer> => {
    const got = await fromS3(uri);
    const rule = d.errors.find((e) => e.ErrorCode === got.status);
    if (!rule) return got;
    const page = await fromS3(rule.ResponsePagePath);
    return { ...page, status: Number(rule.ResponseCode) };
  };

  const answer = async (req: ClientRequest): Promise<Answer> => {
    const d = await deployed();
    if (!d) return { status: 503, headers: {}, body: Buffer.from('no stack deployed') };
    const uri = req.target.split('?')[0]!;
    const behavior = d.behaviors.find((b) => matches(b.PathPattern, uri));
    if (!behavior) return req.method === 'GET' || req.method === 'HEAD' ? origin(d, uri) : forbidden();
    if (!behavior.AllowedMethods.includes(req.method)) return forbidden();
    const script = d.scripts.get(behavior.PathPattern);
    if (script) {
      const result = script.runInContext(createContext({ event: viewerEvent(req) })) as FunctionResult;
      if (result.statusCode !== undefined)
        return {
          status: result.statusCode,
          headers: Object.fromEntries(Object.entries(result.headers ?? {}).map(([k, v]) => [k, v.value])),
          body: Buffer.from(result.body?.data ?? '', 'utf8'),
        };
      return origin(d, result.uri ?? uri);
    }
    if (d.handler && behavior.LambdaFunctionAssociations?.length) {
      const out = await d.handler(originRequestEvent(req, s3.bucket));
      if (!('status' in out)) return origin(d, out.uri);
      const reply = replyOf(out, req.method);
      const headers = { ...(reply.headers ?? {}) };
      // The client asked without gzip unless it said so; replyOf decoded the body.
      delete headers['content-encoding'];
      delete headers['content-length'];
      return { status: reply.status, headers, body: reply.body };
    }
    return origin(d, uri);
  };
  const forbidden = (): Answer => ({ status: 403, headers: {}, body: Buffer.alloc(0) });

  const withPolicy = (d: Deployed | null, a: Answer): Answer => {
    const headers = { ...a.headers };
    const set = (name: string, value: string, override: boolean) => {
      if (override || headers[name.toLowerCase()] === undefined) headers[name.toLowerCase()] = value;
    };
    for (const i of d?.policy.CustomHeadersConfig?.Items ?? []) set(i.Header, i.Value, i.Override);
    const cto = d?.policy.SecurityHeadersConfig?.ContentTypeOptions;
    if (cto) set('X-Content-Type-Options', 'nosniff', cto.Override);
    return { ...a, headers };
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const accept = req.headers.accept;
    const client: ClientRequest = {
      method: req.method ?? 'GET',
      target: req.url ?? '/',
      ...(accept === undefined ? {} : { accept }),
    } as ClientRequest;
    req.resume();
    answer(client)
      .then(async (a) => withPolicy(await deployed(), a))
      .then(
        (a) => {
          res.writeHead(a.status, a.headers);
          res.end(client.method === 'HEAD' ? undefined : a.body);
        },
        (err: unknown) => {
          res.writeHead(502, { 'content-type': 'text/plain' });
          res.end(`distribution model: ${String(err)}`);
        },
      );
  });
  await listenLocal(server, port);
  return { close: () => closeNow(server) };
}
