/**
 * The AWS targets' CloudFormation stacks (src/hosting/aws/), offline: each template.json conforms
 * to AWS's resource specification (test/support/cfn-spec.ts, npm @aws-cdk/cfnspec) and holds
 * what the mirror needs (private bucket behind origin access control, the function or handler
 * on the API's behaviors, the policies, the error response); the function inside the template
 * is byte for byte the one the CloudFront suites run; and deploy.sh, run as an operator runs it
 * with CloudFormation and CloudFront answered by a stand-in `aws` that records the calls,
 * uploads the site (and the handler's zip) to a real S3 API on loopback (s3rver) through the
 * stand-in's S3 commands (test/hosts/support/s3-sync-stand-in.ts, held to Debian's AWS CLI by
 * test/hosts/s3-upload.test.ts, whose subject the upload through the real CLI is). What cannot
 * be checked here: AWS creating the stack, the distribution serving it.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createContext, Script } from 'node:vm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TEMPLATE_BODY_LIMIT } from '../../src/hosting/aws/cfn.js';
import { CACHING_OPTIMIZED, PAGES_FUNCTION_CODE, versionId } from '../../src/hosting/aws/stack.js';
import { run, runOk } from '../support/process.js';
import { checkTemplate, SPEC_VERSION } from '../support/cfn-spec.js';
import { command, describeWith } from '../support/requirements.js';
import { objectUrl, start } from '../support/s3-server.js';
import { awsStandIn } from './support/aws-stand-in.js';
import { tempDir } from '../support/scratch.js';
import { build } from '../../src/site/build.js';
import { BASE, buildSample, SAMPLE, SAMPLE_YEAR, type BuiltSample } from './support/sites.js';

const zip = command('zip', ['-v'], 'zip');

// biome-ignore lint/suspicious/noExplicitAny: a parsed template, read along paths the assertions name
type Json = Record<string, any>;
const TARGETS = ['cloudfront', 'lambda-edge'] as const;

let built: BuiltSample;
const templates = new Map<string, Json>();
const read = (target: string, file: string) => readFile(join(built.deploy, target, file), 'utf8');

beforeAll(async () => {
  built = await buildSample([...TARGETS], false);
  for (const t of TARGETS) templates.set(t, JSON.parse(await read(t, 'template.json')) as Json);
});
afterAll(() => built?.cleanup());

const resourcesOf = (t: string) => templates.get(t)!.Resources as Record<string, Json>;
const distribution = (t: string) => resourcesOf(t).Distribution!.Properties.DistributionConfig as Json;

for (const target of TARGETS) {
  it(`${target}: template.json conforms to the CloudFormation resource specification and fits a direct deploy`, async () => {
    expect(checkTemplate(templates.get(target)!), `specification ${SPEC_VERSION}`).toEqual([]);
    expect(Buffer.byteLength(await read(target, 'template.json'))).toBeLessThanOrEqual(TEMPLATE_BODY_LIMIT);
  });

  it(`${target}: a private bucket read by the distribution alone, the 404 page for a missing key, the API's headers`, () => {
    const r = resourcesOf(target);
    expect(r.SiteBucket!.Properties.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    const [statement, ...more] = r.SiteBucketPolicy!.Properties.PolicyDocument.Statement as Json[];
    expect(more).toEqual([]);
    expect(statement).toMatchObject({
      Effect: 'Allow',
      Principal: { Service: 'cloudfront.amazonaws.com' },
      Action: 's3:GetObject',
    });
    expect(JSON.stringify(statement!.Condition)).toContain('distribution/${Distribution}');
    const d = distribution(target);
    expect(d.Origins).toHaveLength(1);
    expect(d.Origins[0].OriginAccessControlId).toEqual({ 'Fn::GetAtt': ['OriginAccessControl', 'Id'] });
    expect(r.OriginAccessControl!.Properties.OriginAccessControlConfig).toMatchObject({ SigningBehavior: 'always' });
    expect(d.CustomErrorResponses).toEqual([
      { ErrorCode: 403, ResponseCode: 404, ResponsePagePath: '/404.html', ErrorCachingMinTTL: 60 },
    ]);
    const policy = r.ApiHeadersPolicy!.Properties.ResponseHeadersPolicyConfig as Json;
    expect(policy.SecurityHeadersConfig).toEqual({ ContentTypeOptions: { Override: true } });
    expect(policy.CustomHeadersConfig.Items.map((i: Json) => `${i.Header}: ${i.Value}`)).toEqual([
      'Vary: Accept',
      'Access-Control-Allow-Origin: *',
      'Cache-Control: public, max-age=300',
      'Allow: GET, HEAD, OPTIONS',
    ]);
    for (const b of [d.DefaultCacheBehavior, ...d.CacheBehaviors])
      expect(b.ResponseHeadersPolicyId).toEqual({ Ref: 'ApiHeadersPolicy' });
    expect(templates.get(target)!.Parameters).toHaveProperty('DomainName');
    expect(templates.get(target)!.Parameters).toHaveProperty('CertificateArn');
    expect(templates.get(target)!.Parameters).toHaveProperty('PriceClass');
  });
}

it('cloudfront: the function on viewer request of /api/*, its code byte for byte functions/api.js (the one the suites run)', async () => {
  const r = resourcesOf('cloudfront');
  expect(r.ApiFunction!.Properties.FunctionCode).toBe(await read('cloudfront', 'functions/api.js'));
  expect(r.ApiFunction!.Properties.FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
  expect(r.ApiFunction!.Properties.AutoPublish).toBe(true);
  // The API's behavior only: the web site's pages are the default behavior's (its pages function).
  const [api, ...others] = distribution('cloudfront').CacheBehaviors as Json[];
  expect(others).toEqual([]);
  expect(api).toMatchObject({
    PathPattern: '/api/*',
    AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'POST', 'PATCH', 'DELETE'],
    // The rewritten URI is the cache key: the query string need not be.
    CachePolicyId: CACHING_OPTIMIZED,
    FunctionAssociations: [
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': ['ApiFunction', 'FunctionARN'] } },
    ],
  });
});

it("lambda-edge: a version of this build's handler on origin request, its role, a cache keyed on the query and Accept", async () => {
  const r = resourcesOf('lambda-edge');
  const hash = createHash('sha256')
    .update(await read('lambda-edge', 'index.mjs'))
    .digest('hex');
  const version = versionId(hash);
  expect(r[version]).toMatchObject({ Type: 'AWS::Lambda::Version', DeletionPolicy: 'Retain' });
  expect(r.Handler!.Properties).toMatchObject({ Handler: 'index.handler', Architectures: ['x86_64'], Timeout: 30 });
  expect(r.Handler!.Properties).not.toHaveProperty('Environment');
  expect(r.HandlerRole!.Properties.AssumeRolePolicyDocument.Statement[0].Principal.Service).toEqual([
    'lambda.amazonaws.com',
    'edgelambda.amazonaws.com',
  ]);
  const actions = (r.HandlerRole!.Properties.Policies[0].PolicyDocument.Statement as Json[]).map((s) => s.Action);
  expect(actions).toEqual(['s3:GetObject', 's3:ListBucket']);
  const all = distribution('lambda-edge').CacheBehaviors as Json[];
  expect(all.map((b) => b.PathPattern)).toEqual(['/api', '/api/*']);
  const behaviors = all.slice(0, 2);
  for (const b of behaviors)
    expect(b).toMatchObject({
      CachePolicyId: { Ref: 'ApiCachePolicy' },
      LambdaFunctionAssociations: [
        { EventType: 'origin-request', LambdaFunctionARN: { Ref: version }, IncludeBody: false },
      ],
    });
  expect(r.ApiCachePolicy!.Properties.CachePolicyConfig.ParametersInCacheKeyAndForwardedToOrigin).toMatchObject({
    EnableAcceptEncodingGzip: true,
    QueryStringsConfig: { QueryStringBehavior: 'all' },
    HeadersConfig: { HeaderBehavior: 'whitelist', Headers: ['Accept'] },
  });
  expect(await read('lambda-edge', 'deploy.sh')).toContain(`jaspar-static/${hash.slice(0, 16)}.zip`);
});

it('the specification check finds what AWS would refuse', () => {
  const mutate = (change: (t: Json) => void) => {
    const t = structuredClone(templates.get('lambda-edge')!);
    change(t);
    return checkTemplate(t);
  };
  const cases: [string, (t: Json) => void, RegExp][] = [
    [
      'a missing required property',
      (t) => delete t.Resources.Distribution.Properties.DistributionConfig.DefaultCacheBehavior.TargetOriginId,
      /requires TargetOriginId/,
    ],
    ['a misspelt property', (t) => (t.Resources.Handler.Properties.Timeot = 30), /no property Timeot/],
    ['a wrong type', (t) => (t.Resources.Handler.Properties.Timeout = 'thirty'), /is not a Integer/],
    [
      'a nested wrong type',
      (t) => (t.Resources.Distribution.Properties.DistributionConfig.Enabled = 'yes'),
      /is not a Boolean/,
    ],
    [
      'a list given a string',
      (t) => (t.Resources.Distribution.Properties.DistributionConfig.Origins = 'site'),
      /not a list/,
    ],
    ['an unknown resource type', (t) => (t.Resources.SiteBucket.Type = 'AWS::S3::Buckets'), /no resource type/],
    ['a Ref to nothing', (t) => (t.Resources.Handler.Properties.Role = { Ref: 'Nope' }), /names no parameter/],
    [
      'an unknown attribute',
      (t) => (t.Outputs.DistributionDomainName.Value = { 'Fn::GetAtt': ['Distribution', 'Domain'] }),
      /no attribute Domain/,
    ],
    [
      'a Sub naming nothing',
      (t) =>
        (t.Resources.HandlerRole.Properties.Policies[0].PolicyDocument.Statement[0].Resource = {
          'Fn::Sub': '${Bucket.Arn}/*',
        }),
      /names nothing/,
    ],
  ];
  for (const [what, change, expected] of cases) expect(mutate(change).join('\n'), what).toMatch(expected);
});

describeWith('deploy.sh: stack, upload and invalidation (stand-in CloudFormation, s3rver)', [zip], () => {
  // A small site (JSON only, no page-size, order or filter variants): the upload is the point, not its size.
  let small: { site: string; deploy: string };
  beforeAll(async () => {
    const root = await tempDir('aws-deploy');
    small = { site: join(root, 'site'), deploy: join(root, 'site.deploy') };
    await build({
      dump: SAMPLE,
      out: small.site,
      deployDir: small.deploy,
      baseUrl: BASE,
      year: SAMPLE_YEAR,
      formats: ['json'],
      targets: [...TARGETS],
      pageSizes: [],
      orderFields: [],
      filterKeys: [],
      filterOrders: false,
    });
  });

  for (const target of TARGETS) {
    it(`${target}: deploys the stack, uploads the site to the stack's bucket, invalidates, prints the mirror's URL`, {
      timeout: 600_000,
    }, async () => {
      const s3 = await start();
      try {
        const { env, log } = await awsStandIn(await tempDir('aws-stand-in'), s3);
        // An operator: the stack name only (the site is the one the folder was built for).
        const ran = await runOk('sh', [join(small.deploy, target, 'deploy.sh'), 'jaspar-mirror'], {
          env: {
            ...env,
            DOMAIN_NAME: 'jaspar.example.org',
            CERTIFICATE_ARN: 'arn:aws:acm:us-east-1:123456789012:certificate/x',
          },
        });
        expect(ran.stdout.trim()).toBe('https://d111111abcdef8.cloudfront.net/api/v1/');
        const calls = (await log()).split('\n');
        const deploy = calls.find((c) => c.startsWith('cloudformation deploy'));
        expect(deploy).toContain(`--template-file ${join(small.deploy, target)}/template.json`);
        expect(deploy).toContain('--region us-east-1 --stack-name jaspar-mirror');
        expect(deploy).toContain(
          'DomainName=jaspar.example.org CertificateArn=arn:aws:acm:us-east-1:123456789012:certificate/x PriceClass=PriceClass_100',
        );
        expect(calls).toContain(
          'cloudfront create-invalidation --distribution-id E2EXAMPLE --paths /* --query Invalidation.Id --output text',
        );
        // The template's parameters are the ones deploy.sh sets.
        const params = Object.keys(templates.get(target)!.Parameters as Json);
        for (const p of params) expect(deploy).toContain(` ${p}=`);
        // The site is in the stack's bucket, typed: a matrix detail, the 404 page (a plain S3
        // HEAD: the upload is the subject, not reading it back).
        const head = async (key: string) => {
          const res = await fetch(objectUrl(s3, key), { method: 'HEAD' });
          expect(res.status, key).toBe(200);
          return res.headers.get('content-type');
        };
        const detail = (await readdir(join(small.site, 'files/json/matrix'))).find((f) => f.endsWith('.json'));
        expect(await head(`files/json/matrix/${detail}`)).toBe('application/json');
        expect(await head('404.html')).toBe('application/json');
        if (target === 'lambda-edge') {
          expect(deploy).toContain('--capabilities CAPABILITY_IAM');
          // The handler's data: the release index it reads first.
          await head('_jaspar/index.json');
          const key = /HandlerCodeKey=(\S+)/.exec(deploy!)![1]!;
          expect(deploy).toContain('HandlerCodeBucket=jaspar-mirror-code-123456789012');
          const out = join(await tempDir('handler'), 'handler.zip');
          const zipped = await fetch(objectUrl({ ...s3, bucket: 'jaspar-mirror-code-123456789012' }, key));
          expect(zipped.status).toBe(200);
          await writeFile(out, Buffer.from(await zipped.arrayBuffer()));
          const listing = await runOk('unzip', ['-p', out, 'index.mjs']);
          expect(listing.stdout).toBe(await readFile(join(small.deploy, target, 'index.mjs'), 'utf8'));
        }
      } finally {
        await s3.close();
      }
    });
  }

  it('refuses a stack name CloudFormation or the bucket would refuse, and a folder that is no site, in one line', async () => {
    const script = join(small.deploy, 'cloudfront', 'deploy.sh');
    const bad = await run('sh', [script, 'jaspar_mirror']);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim()).toMatch(/^deploy\.sh: STACK_NAME 'jaspar_mirror': letters, digits and -/);
    const noSite = await run('sh', [script, 'jaspar-mirror', small.deploy]);
    expect(noSite.code).toBe(2);
    expect(noSite.stderr.trim()).toMatch(/is not a site built by jaspar-static/);
  });
});

for (const target of ['cloudfront', 'lambda-edge'] as const) {
  it(`${target}: the web site's pages function on viewer request of the files' behavior: folders to their index.html, old addresses redirected (contract §10)`, () => {
    const r = resourcesOf(target);
    expect(r.PagesFunction!.Properties.FunctionCode).toBe(PAGES_FUNCTION_CODE);
    expect(r.PagesFunction!.Properties.FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
    expect(distribution(target).DefaultCacheBehavior).toMatchObject({
      AllowedMethods: ['GET', 'HEAD'],
      FunctionAssociations: [
        { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': ['PagesFunction', 'FunctionARN'] } },
      ],
    });
    // The code as CloudFront runs it: a fresh context holding the event.
    const handle = (uri: string, querystring: Record<string, { value: string }> = {}) =>
      new Script(`${PAGES_FUNCTION_CODE}\nhandler(event);`).runInContext(
        createContext({ event: { request: { method: 'GET', uri, querystring, headers: {} } } }),
      ) as { uri?: string; statusCode?: number; headers?: Record<string, { value: string }> };
    const moved = (uri: string, q: Record<string, { value: string }> = {}) => {
      const a = handle(uri, q);
      return [a.statusCode, a.headers?.location?.value];
    };
    for (const page of ['/', '/matrix/MA0101.2/', '/search/', '/matrix/MA0101/versions/', '/download/data/'])
      expect(handle(page).uri).toBe(`${page}index.html`);
    expect(moved('/matrix/MA0101.2')).toEqual([301, '/matrix/MA0101.2/']);
    expect(moved('/search', { q: { value: 'FOX' }, collection: { value: 'all' } })).toEqual([
      301,
      '/search/?q=FOX&collection=all',
    ]);
    expect(moved('/cgi-bin/jaspar_db.pl', { ID: { value: 'MA0004.1' }, rm: { value: 'present' } })).toEqual([
      301,
      '/matrix/MA0004.1/',
    ]);
    expect(moved('/cgi-bin/jaspar_db.pl', { db: { value: 'core' }, tax_group: { value: 'fungi' } })).toEqual([
      301,
      '/search/?q=&collection=CORE&tax_group=fungi',
    ]);
    expect(moved('/cgi-bin/jaspar_db.pl', { ID: { value: '../x' } })).toEqual([301, '/']);
    expect(moved('/html/DOWNLOAD')).toEqual([301, '/downloads/']);
    // Files go to S3 as they are (a missing key: the 404 page).
    for (const uri of ['/download/data/2016/CORE/x.txt', '/static/portal/data.js', '/matrix/x/y', '/matrix/x/%00'])
      expect(handle(uri).uri).toBe(uri);
  });
}
