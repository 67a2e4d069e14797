/**
 * S3 + CloudFront with the Lambda@Edge origin-request handler, around the emitted artifacts:
 * the objects the emitted upload.sh uploads, put into s3rver on loopback (s3-seed.ts: the upload
 * itself is held to Debian's awscli in s3-upload.test.ts, aws-stack.test.ts and the guides); the
 * emitted index.mjs imported in Node and called with CloudFront's origin-request event (AWS,
 * "Lambda@Edge event structure") for the paths of cache-behaviors.json; its generated
 * response (status as a string, `{lowercase: [{key, value}]}` headers, text or base64 body)
 * turned into the HTTP reply, or the request it returns fetched from the bucket as CloudFront's
 * S3 origin would (a missing key: the distribution's custom error page). Other paths go to the
 * bucket directly (the default behavior).
 *
 * The handler reads the bucket through `handlerWith({ s3 })` (path style on s3rver's port),
 * signing with s3rver's key pair.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { CfEvent, CfRequest, CfResponse, LambdaOptions } from '../../../src/hosts/lambda-edge/entry.js';
import { LAMBDA_DIR } from '../../../src/hosts/lambda-edge/adapter.js';
import { S3_CREDENTIALS, S3_REGION, start } from '../../support/s3-server.js';
import type { ClientRequest, Reply } from '../../../src/check/types.js';
import { createContext, Script } from 'node:vm';
import { distributionConfig, viewerFunctionCode } from './cfn-template.js';
import { type FunctionResult, viewerEvent } from './cloudfront-vm.js';
import { sendTo } from './client.js';
import { seedBucket } from './s3-seed.js';
import type { BuiltSample } from './sites.js';

type Handler = (event: CfEvent) => Promise<CfResponse | CfRequest>;

/** CloudFront's path-pattern match (case-sensitive; `*` any run of characters). */
const matches = (pattern: string, path: string) =>
  new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`).test(path);

/** The origin-request event CloudFront passes for a viewer request (headers as the cache policy forwards them). */
export function originRequestEvent(req: ClientRequest, bucket: string, more: Record<string, string> = {}): CfEvent {
  const q = req.target.indexOf('?');
  const headers: CfRequest['headers'] = {
    host: [{ key: 'Host', value: `${bucket}.s3.us-east-1.amazonaws.com` }],
    'x-forwarded-for': [{ key: 'X-Forwarded-For', value: '203.0.113.178' }],
    'user-agent': [{ key: 'User-Agent', value: 'Amazon CloudFront' }],
    via: [{ key: 'Via', value: '2.0 2afae0d44e2540f472c0635ab62c232b.cloudfront.net (CloudFront)' }],
    ...(req.accept === undefined ? {} : { accept: [{ key: 'Accept', value: req.accept }] }),
  };
  for (const [key, value] of Object.entries({ ...(req.headers ?? {}), ...more }))
    headers[key.toLowerCase()] = [{ key, value }];
  const request = {
    clientIp: '203.0.113.178',
    headers,
    method: req.method,
    origin: {
      s3: {
        authMethod: 'origin-access-identity',
        customHeaders: {},
        domainName: `${bucket}.s3.us-east-1.amazonaws.com`,
        path: '',
        region: S3_REGION,
      },
    },
    querystring: q === -1 ? '' : req.target.slice(q + 1),
    uri: q === -1 ? req.target : req.target.slice(0, q),
  };
  const config = {
    distributionDomainName: 'd111111abcdef8.cloudfront.net',
    distributionId: 'EDFDVBD6EXAMPLE',
    eventType: 'origin-request',
    requestId: '4TyzHTaYWb1GX1qTfsHhEqV6HUDd_BzoBZnwfnvQc_1oF26ClkoUSEQ==',
  };
  const cf = { config, request };
  return { Records: [{ cf }] };
}

/** A generated response as the viewer gets it (a gzip body decoded, as the client would, and then said to be none). */
export function replyOf(res: CfResponse, method: string): Reply {
  const headers: Record<string, string> = {};
  for (const [name, values] of Object.entries(res.headers)) headers[name] = values.map((v) => v.value).join(', ');
  let body =
    res.body === undefined ? Buffer.alloc(0) : Buffer.from(res.body, res.bodyEncoding === 'base64' ? 'base64' : 'utf8');
  if (headers['content-encoding'] === 'gzip') {
    body = gunzipSync(body);
    delete headers['content-encoding'];
  }
  return {
    status: Number(res.status),
    contentType: headers['content-type'] ?? null,
    body: method === 'HEAD' ? Buffer.alloc(0) : body,
    headers,
  };
}

/** What a distribution's function can be varied by in the tests. */
export interface Variant {
  /** The generated-response limit (default: Lambda@Edge's). */
  readonly maxResponse?: number;
  /** The access key the function signs with (default: s3rver's). */
  readonly accessKeyId?: string;
}

/** A distribution over the uploaded bucket with the emitted handler. */
export interface Distribution {
  send(req: ClientRequest): Promise<Reply>;
  /** Call the handler with the origin-request event of `req` (what CloudFront would do), with `more` headers. */
  invoke(req: ClientRequest, more?: Record<string, string>): Promise<CfResponse | CfRequest>;
}

export interface LambdaEdgeHost extends Distribution {
  /** Another distribution over the same bucket, its function loaded with other options. */
  variant(v: Variant): Distribution;
  close(): Promise<void>;
}

/** Upload the built site, load the emitted handler, and answer requests as the distribution would. */
export async function startLambdaEdge(built: BuiltSample): Promise<LambdaEdgeHost> {
  const s3 = await start();
  try {
    const dir = join(built.deploy, LAMBDA_DIR);
    // What upload.sh uploads, put without the AWS CLI (s3-seed.ts): the handler reading it is the subject here.
    await seedBucket(s3, built.site, readFileSync(join(dir, 'upload.sh'), 'utf8'));
    const mod = (await import(pathToFileURL(join(dir, 'index.mjs')).href)) as {
      handlerWith(o: LambdaOptions): Handler;
    };
    // The API's behaviors and the custom error responses, as the stack's distribution declares them.
    const template = readFileSync(join(dir, 'template.json'), 'utf8');
    const distribution = distributionConfig(template);
    const patterns = distribution.CacheBehaviors.map((b) => b.PathPattern);
    // The files' (default) behavior runs the web site's pages function on viewer request.
    const pagesCode = viewerFunctionCode(template, { ...distribution.DefaultCacheBehavior, PathPattern: '*' });
    const pages = pagesCode === null ? null : new Script(`${pagesCode}\nhandler(event);`);

    // CloudFront's S3 origin: the object as uploaded, its bytes as stored (a `.sql.gz` not
    // decoded). A missing key is 403 from the bucket, which the distribution may not list
    // (s3rver, which lets anyone list it, answers 404): the custom error responses turn it
    // into their page.
    const object = (uri: string, method: string) => sendTo(s3.endpoint, { method, target: `/${s3.bucket}${uri}` });
    const origin = async (uri: string, method: string): Promise<Reply> => {
      const res = await object(uri, method);
      const rule = distribution.CustomErrorResponses.find(
        (e) => e.ErrorCode === (res.status === 404 ? 403 : res.status),
      );
      if (rule === undefined) return res;
      return { ...(await object(rule.ResponsePagePath, method)), status: Number(rule.ResponseCode) };
    };
    const variant = (v: Variant): Distribution => {
      // Lambda's reserved variables as the execution role fills them. s3rver refuses an unknown
      // access key but does not check SigV4 signatures (s3-object.test.ts checks them against botocore).
      const env = {
        AWS_ACCESS_KEY_ID: v.accessKeyId ?? S3_CREDENTIALS.accessKeyId,
        AWS_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
        AWS_SESSION_TOKEN: 'a-session-token',
      };
      const at = { endpoint: `${s3.endpoint}/${s3.bucket}`, region: S3_REGION };
      const handler = mod.handlerWith(
        v.maxResponse === undefined ? { s3: at, env } : { s3: at, env, maxResponse: v.maxResponse },
      );
      const invoke = (req: ClientRequest, more?: Record<string, string>) =>
        handler(originRequestEvent(req, s3.bucket, more));
      return {
        invoke,
        send: async (req) => {
          const uri = req.target.split('?')[0]!;
          if (!patterns.some((p) => matches(p, uri))) {
            if (pages === null) return origin(uri, req.method);
            const result = pages.runInContext(createContext({ event: viewerEvent(req) })) as FunctionResult;
            if (result.statusCode === undefined) return origin(result.uri ?? uri, req.method);
            const headers = Object.fromEntries(Object.entries(result.headers ?? {}).map(([k, v]) => [k, v.value]));
            return { status: result.statusCode, contentType: null, headers, body: Buffer.alloc(0) };
          }
          const out = await invoke(req);
          return 'status' in out ? replyOf(out, req.method) : origin(out.uri, req.method);
        },
      };
    };
    return { ...variant({}), variant, close: () => s3.close() };
  } catch (err) {
    await s3.close();
    throw err;
  }
}
