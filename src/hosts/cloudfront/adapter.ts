/**
 * S3 + CloudFront adapter (`--targets cloudfront`), rules tier: S3 sees only object keys, so a
 * CloudFront Functions viewer-request handler (src/hosts/cloudfront/function.ts, the rules
 * tier's steps over a table derived from the site: ./table.ts) rewrites each
 * `/api/…` request to the key of its prebuilt file, or answers it itself. Files (deploy
 * folder, `cloudfront/`):
 *   functions/api.js   the function (runtime cloudfront-js-2.0), minified, ≤ 10,240 bytes
 *   template.json      the CloudFormation stack (src/hosting/aws/stack.ts): private bucket, origin
 *                      access control, the distribution with the function (its code inline, the
 *                      same bytes), the response headers policy, the 404 page for a missing key
 *   upload.sh          `aws s3 sync` per media type of the format table, and one for the rest
 *   deploy.sh          deploy the stack, upload, invalidate (src/hosting/aws/deploy-script.ts)
 */
import { NOT_SERVED } from '../../runtime/resolve.js';
import { DATA_DIR, type SiteConfig } from '../../routes/site-data.js';
import { bundleShortened, shortenedSource } from '../../hosting/edge/bundle.js';
import { PROTOTYPE_METHODS, STATIC } from './features.js';
import { propertyNames, renamed } from './short-names.js';
import { cloudfrontTable } from './table.js';
import type { HostAdapter, HostFile, SiteFacts } from '../../hosting/adapter.js';
import { deployScript, siteFromScript } from '../../hosting/aws/deploy-script.js';
import { syncLines } from '../../hosting/aws/typed-syncs.js';
import { stackTemplate } from '../../hosting/aws/stack.js';

/** The paths the function runs on (CloudFront path patterns). */
const API_PATHS = ['/api/*'];

/** CloudFront's limit on a function's code, in bytes. */
export const FUNCTION_LIMIT = 10 * 1024;

/**
 * A JSON value as a JavaScript literal: JSON with property names bare where they are
 * identifiers (the table's hundred-odd names would cost the function two quotes each).
 */
export function jsLiteral(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(jsLiteral).join(',')}]`;
  // Strings in ASCII, as the bundle is: no byte counted twice, no line separator inside a literal.
  if (value === null || typeof value !== 'object')
    return JSON.stringify(value).replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const props = Object.entries(value).filter(([, v]) => v !== undefined);
  // A literal's `__proto__` (quoted or not) sets the prototype: no such name is written.
  if (props.some(([k]) => k === '__proto__')) throw new Error('a __proto__ property cannot be written as a literal');
  return `{${props.map(([k, v]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : jsLiteral(k)}:${jsLiteral(v)}`).join(',')}}`;
}

/**
 * The property names the function keeps as they are: those of objects made or read outside it,
 * CloudFront's event (./function.ts `CfRequest`, with the one header read by name) and answer
 * (`CfResponse`, the error body), the global its entry hands the footer, and the built-ins'
 * members (./features.ts). A name missing here is shortened and breaks the function, which
 * test/hosts/cloudfront-identity.test.ts catches.
 */
const KEPT_NAMES = [
  ...['request', 'method', 'uri', 'querystring', 'headers', 'accept', 'value', 'multiValue'],
  ...['statusCode', 'body', 'encoding', 'data', 'detail', 'jasparCloudfront', 'length', 'prototype'],
  ...PROTOTYPE_METHODS,
  ...Object.keys(STATIC),
  ...Object.values(STATIC).flat(),
];

/** The kept names, each once. */
const KEPT = [...new Set(KEPT_NAMES)];

/** The viewer-request function for a site; its property names shortened, the code's and its table's alike. */
export function functionSource(site: SiteConfig): string {
  const table = cloudfrontTable(site);
  return bundleShortened(
    {
      entry: 'cloudfront',
      platform: 'restricted',
      footer: (short) =>
        `var jasparHandler=globalThis.jasparCloudfront(${jsLiteral(renamed(table, short))});function handler(event){return jasparHandler(event)}`,
    },
    propertyNames(table),
    KEPT,
  );
}

/** Site files never uploaded: build configuration, the compute tier's data, other hosts' files. */
const NOT_UPLOADED = [...NOT_SERVED, '/.assetsignore', `/${DATA_DIR}/`];

/**
 * The Cache-Control of every uploaded object: CloudFront keeps an answer a day (a deploy
 * invalidates `/*`, docs/deploy.md), browsers revalidate after five minutes (S3 answers
 * conditional requests with its ETag).
 */
export const OBJECT_CACHE_CONTROL = 'public, max-age=300, s-maxage=86400';

/**
 * `aws s3 sync` of the site: one sync per media type of the format table the site has, its
 * folders and files together (src/hosting/aws/typed-syncs.ts: a sync, not `cp`, so a re-run
 * uploads only files that changed), one for the rest with the CLI's guess; configuration and
 * compute-tier data left out; every object with {@link OBJECT_CACHE_CONTROL}. Options after
 * the bucket go to every `aws s3 sync`.
 */
function uploadScript(): string {
  const usage = 'usage: upload.sh SITE_DIR BUCKET [aws s3 sync options]';
  const lines = [
    '#!/bin/sh',
    '# Generated by jaspar-static. Upload a built site to S3, each file with its Content-Type',
    '# from the format table (one sync per type) and every object with one Cache-Control; build',
    '# configuration and the runtime data of compute hosts are not uploaded. A re-run uploads',
    '# only what changed (size or a newer file) and deletes what the site no longer has.',
    `# Usage: upload.sh SITE_DIR BUCKET [aws s3 sync options, e.g. --dryrun, --profile P]`,
    'set -eu',
    `SITE="\${1:?${usage}}"`,
    `BUCKET="\${2:?${usage}}"`,
    'shift 2',
    `CC='${OBJECT_CACHE_CONTROL}'`,
    ...syncLines('--cache-control "$CC"', NOT_UPLOADED),
  ];
  return `${lines.join('\n')}\n`;
}

/** The CloudFront adapter: function, distribution snippets and scripts, all in the deploy folder. */
export function cloudfrontFiles(site: SiteConfig, facts: SiteFacts): HostFile[] {
  const deploy = (path: string, content: string, mode?: number): HostFile => ({
    path: `cloudfront/${path}`,
    content,
    place: 'deploy',
    ...(mode ? { mode } : {}),
  });
  const code = functionSource(site);
  const template = stackTemplate({
    title: 'S3 + CloudFront, rules tier',
    apiPaths: API_PATHS,
    edge: { kind: 'function', code },
  });
  return [
    deploy('functions/api.js', code),
    deploy('template.json', `${JSON.stringify(template, null, 2)}\n`),
    deploy('upload.sh', uploadScript(), 0o755),
    deploy(
      'deploy.sh',
      deployScript({
        target: 'cloudfront',
        siteFromScript: siteFromScript(facts.siteFromDeploy),
        handlerKey: null,
        sizeLimit: { file: 'functions/api.js', bytes: FUNCTION_LIMIT, what: 'CloudFront Functions take' },
      }),
      0o755,
    ),
  ];
}

/** The registry's row (src/targets/registry.ts). */
export const adapter = {
  target: 'cloudfront',
  tier: 'rules',
  suffixAliases: false,
  files: cloudfrontFiles,
  bundles: () => [shortenedSource('cloudfront', 'restricted', KEPT)],
} as const satisfies HostAdapter;
