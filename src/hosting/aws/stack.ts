/**
 * The CloudFormation stack of a mirror on S3 + CloudFront, for both AWS targets: a private
 * bucket read only by the distribution (origin access control and bucket policy), the
 * distribution with the API's behaviors, the response headers policy, the custom error
 * response, and the API's edge code: the CloudFront Function of the rules tier (viewer request,
 * its code inline) or the Lambda@Edge handler of the compute tier (origin request, its
 * execution role, a version per build and a cache policy keyed on the query and `Accept`).
 * Parameters: the domain name, its certificate and the price class. docs/deploy.md.
 */
import { PROFILE_ROOT } from '../../routes/paths.js';
import { OLD_LINKS, PAGE_FOLDER_PATTERN } from '../../portal/paths.js';
import { ALLOW, API_HEADERS, SECURITY_HEADERS } from '../../api/errors.js';
import { FILE_TYPES } from '../content-types.js';
import {
  type CfnResource,
  type CfnTemplate,
  type CfnValue,
  getAtt,
  ifThen,
  NO_VALUE,
  notEmpty,
  ref,
  sub,
} from './cfn.js';

/** What answers the API: the rules tier's CloudFront Function or the compute tier's Lambda@Edge handler. */
export type ApiEdge =
  | { readonly kind: 'function'; readonly code: string }
  | { readonly kind: 'lambda'; readonly codeHash: string };

export interface StackSpec {
  /** What the stack is, said first in its description. */
  readonly title: string;
  /** CloudFront path patterns the API's behavior covers. */
  readonly apiPaths: readonly string[];
  readonly edge: ApiEdge;
}

/**
 * AWS's managed cache policy CachingOptimized (AWS, "Use managed cache policies"): no query
 * string, header or cookie in the key. The rules tier's function rewrites the URI to the file's
 * key before the cache is read, so the rewritten URI is the whole key.
 */
export const CACHING_OPTIMIZED = '658327ea-f89d-4fab-a63d-7e88639e58f6';

/** Every method reaches the API's code, which answers OPTIONS and 405 itself. */
const ALL_METHODS = ['GET', 'HEAD', 'OPTIONS', 'PUT', 'POST', 'PATCH', 'DELETE'];

/** The origin's id inside the distribution. */
const ORIGIN = 'site';

/** Lambda@Edge's runtime, memory and timeout (origin request: at most 30 s). */
export const LAMBDA_RUNTIME = 'nodejs20.x';

/** The logical id of the handler's version: one per handler, so a new handler publishes a new version. */
export const versionId = (codeHash: string) => `HandlerVersion${codeHash.slice(0, 12)}`;

const PARAMETERS: CfnTemplate['Parameters'] = {
  DomainName: {
    Type: 'String',
    Default: '',
    Description:
      "The mirror's own domain name (e.g. jaspar.example.org); empty: the distribution's cloudfront.net name",
  },
  CertificateArn: {
    Type: 'String',
    Default: '',
    Description: 'ARN of the ACM certificate for DomainName, in us-east-1 (required with DomainName)',
  },
  PriceClass: {
    Type: 'String',
    Default: 'PriceClass_100',
    AllowedValues: ['PriceClass_100', 'PriceClass_200', 'PriceClass_All'],
    Description: 'Which edge locations serve the mirror (AWS, "Choose the price class for a CloudFront distribution")',
  },
};

const LAMBDA_PARAMETERS: CfnTemplate['Parameters'] = {
  HandlerCodeBucket: {
    Type: 'String',
    Default: '',
    Description: "S3 bucket in us-east-1 holding the handler's zip (deploy.sh makes and fills it)",
  },
  HandlerCodeKey: { Type: 'String', Default: '', Description: "Key of the handler's zip in HandlerCodeBucket" },
};

/** The headers every answer carries; on Lambda@Edge the handler's own headers win (`Override: false`). */
function headersPolicy(override: boolean): CfnResource {
  const items = [...API_HEADERS, ['Allow', ALLOW] as const].map(([Header, Value]) => ({
    Header,
    Value,
    Override: override,
  }));
  const security = SECURITY_HEADERS.map(([h]) => h.toLowerCase());
  if (security.join() !== 'x-content-type-options')
    throw new Error(`a security header CloudFront's policy cannot set: ${security.join(', ')}`);
  return {
    Type: 'AWS::CloudFront::ResponseHeadersPolicy',
    Properties: {
      ResponseHeadersPolicyConfig: {
        Name: sub('${AWS::StackName}-api-headers'),
        Comment: 'Headers every JASPAR API answer carries',
        // CloudFront takes X-Content-Type-Options only as a security header, never as a custom one.
        SecurityHeadersConfig: { ContentTypeOptions: { Override: true } },
        CustomHeadersConfig: { Items: items },
      },
    },
  };
}

/**
 * The web site's pages (contract §10, src/portal/) are files `<folder>/index.html`; S3's REST
 * endpoint has no index documents, so a viewer-request function on the files' behavior names the
 * file of a path ending in `/`, sends a page folder named without its final slash to the slash
 * (301, the query kept), as nginx, Apache, Netlify and the dev server do, and answers JASPAR's old
 * addresses with the runtime's redirect (src/portal/old-links.ts); in both stacks.
 */
export const PAGES_FUNCTION_CODE = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var qs = request.querystring;
  function last(name) {
    var v = qs[name];
    if (!v) return null;
    var raw = v.multiValue && v.multiValue.length ? v.multiValue[v.multiValue.length - 1].value : v.value;
    try { return decodeURIComponent(raw.replace(/\\+/g, ' ')); } catch (e) { return raw; }
  }
  function query() {
    var parts = [];
    for (var k in qs) {
      var all = qs[k].multiValue && qs[k].multiValue.length ? qs[k].multiValue : [qs[k]];
      for (var i = 0; i < all.length; i++) parts.push(k + '=' + all[i].value);
    }
    return parts.length ? '?' + parts.join('&') : '';
  }
  function moved(location) {
    return { statusCode: 301, statusDescription: 'Moved Permanently', headers: { location: { value: location } } };
  }
  if (/^(?:${OLD_LINKS.map((p) => p.replace(/[./]/g, '\\$&')).join('|')})\\/?$/.test(uri)) {
    var id = last('ID');
    var db = last('db');
    var taxGroup = last('tax_group');
    if (id) return moved(/^[A-Za-z0-9._-]+$/.test(id) && id !== '.' && id !== '..' ? '/${PROFILE_ROOT}/' + id + '/' : '/');
    if (db && taxGroup) return moved('/search/?q=&collection=' + encodeURIComponent(db.toUpperCase()) + '&tax_group=' + encodeURIComponent(taxGroup));
    return moved(uri.indexOf('/html/') === 0 ? '/downloads/' : '/');
  }
  if (uri.charAt(uri.length - 1) === '/' || uri === '/api') {
    request.uri = (uri === '/api' ? '/api/' : uri) + 'index.html';
    return request;
  }
  if (/${PAGE_FOLDER_PATTERN.replace(/\//g, '\\/')}/.test(uri)) return moved(uri + '/' + query());
  return request;
}
`;

function pagesResources(): Record<string, CfnResource> {
  return {
    PagesFunction: {
      Type: 'AWS::CloudFront::Function',
      Properties: {
        Name: sub('${AWS::StackName}-pages'),
        AutoPublish: true,
        FunctionCode: PAGES_FUNCTION_CODE,
        FunctionConfig: {
          Comment: 'JASPAR web site: folders to their index.html, old addresses redirected',
          Runtime: 'cloudfront-js-2.0',
        },
      },
    },
  };
}

/** How the site's files are served (the default behavior): GET and HEAD from S3, cached, with the API's headers. */
const FILES_BEHAVIOR = {
  TargetOriginId: ORIGIN,
  ViewerProtocolPolicy: 'redirect-to-https',
  AllowedMethods: ['GET', 'HEAD'],
  CachedMethods: ['GET', 'HEAD'],
  Compress: true,
  CachePolicyId: CACHING_OPTIMIZED,
  ResponseHeadersPolicyId: ref('ApiHeadersPolicy'),
};

/** The files' behavior with the pages' function (the default behavior). */
const pagesBehavior: CfnValue = {
  ...FILES_BEHAVIOR,
  FunctionAssociations: [{ EventType: 'viewer-request', FunctionARN: getAtt('PagesFunction', 'FunctionARN') }],
};

/** The rules tier: the viewer-request function, its code inline (byte-identical to functions/api.js). */
function functionResources(code: string): Record<string, CfnResource> {
  return {
    ApiFunction: {
      Type: 'AWS::CloudFront::Function',
      Properties: {
        Name: sub('${AWS::StackName}-api'),
        AutoPublish: true,
        FunctionCode: code,
        FunctionConfig: {
          Comment: 'JASPAR API: request to prebuilt file (jaspar-static)',
          Runtime: 'cloudfront-js-2.0',
        },
      },
    },
  };
}

/** The compute tier: the handler, its role (read the bucket, write logs), a version, a cache policy. */
function lambdaResources(codeHash: string): Record<string, CfnResource> {
  return {
    HandlerRole: {
      Type: 'AWS::IAM::Role',
      Properties: {
        AssumeRolePolicyDocument: {
          Version: '2012-10-17',
          Statement: [
            {
              Effect: 'Allow',
              Principal: { Service: ['lambda.amazonaws.com', 'edgelambda.amazonaws.com'] },
              Action: 'sts:AssumeRole',
            },
          ],
        },
        ManagedPolicyArns: [sub('arn:${AWS::Partition}:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole')],
        Policies: [
          {
            PolicyName: 'read-site',
            PolicyDocument: {
              Version: '2012-10-17',
              // ListBucket: a missing key is 404, not 403 (the handler takes 403 for a permission error).
              Statement: [
                { Effect: 'Allow', Action: 's3:GetObject', Resource: sub('${SiteBucket.Arn}/*') },
                { Effect: 'Allow', Action: 's3:ListBucket', Resource: getAtt('SiteBucket', 'Arn') },
              ],
            },
          },
        ],
      },
    },
    Handler: {
      Type: 'AWS::Lambda::Function',
      Properties: {
        Description: 'JASPAR API request runtime, origin request (jaspar-static)',
        Runtime: LAMBDA_RUNTIME,
        Handler: 'index.handler',
        // Lambda@Edge: x86_64 only, no environment variables.
        Architectures: ['x86_64'],
        MemorySize: 1024,
        Timeout: 30,
        Role: getAtt('HandlerRole', 'Arn'),
        Code: { S3Bucket: ref('HandlerCodeBucket'), S3Key: ref('HandlerCodeKey') },
      },
    },
    // Kept when replaced: CloudFront's replicas of a version outlive the distribution's update.
    [versionId(codeHash)]: {
      Type: 'AWS::Lambda::Version',
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: { FunctionName: ref('Handler'), Description: `index.mjs sha256 ${codeHash}` },
    },
    ApiCachePolicy: {
      Type: 'AWS::CloudFront::CachePolicy',
      Properties: {
        CachePolicyConfig: {
          Name: sub('${AWS::StackName}-api'),
          Comment: 'JASPAR API answers differ by the whole query, by Accept and by Accept-Encoding',
          MinTTL: 0,
          DefaultTTL: 86400,
          MaxTTL: 31536000,
          ParametersInCacheKeyAndForwardedToOrigin: {
            EnableAcceptEncodingGzip: true,
            EnableAcceptEncodingBrotli: false,
            QueryStringsConfig: { QueryStringBehavior: 'all' },
            HeadersConfig: { HeaderBehavior: 'whitelist', Headers: ['Accept'] },
            CookiesConfig: { CookieBehavior: 'none' },
          },
        },
      },
    },
  };
}

function apiBehavior(pathPattern: string, edge: ApiEdge): CfnValue {
  const common = {
    PathPattern: pathPattern,
    TargetOriginId: ORIGIN,
    ViewerProtocolPolicy: 'redirect-to-https',
    AllowedMethods: ALL_METHODS,
    CachedMethods: ['GET', 'HEAD'],
    Compress: true,
    ResponseHeadersPolicyId: ref('ApiHeadersPolicy'),
  };
  return edge.kind === 'function'
    ? {
        ...common,
        CachePolicyId: CACHING_OPTIMIZED,
        FunctionAssociations: [{ EventType: 'viewer-request', FunctionARN: getAtt('ApiFunction', 'FunctionARN') }],
      }
    : {
        ...common,
        CachePolicyId: ref('ApiCachePolicy'),
        LambdaFunctionAssociations: [
          { EventType: 'origin-request', LambdaFunctionARN: ref(versionId(edge.codeHash)), IncludeBody: false },
        ],
      };
}

/** The 404 page S3's 403 for a missing key turns into (OAC without s3:ListBucket: a missing key is 403). */
export const ERROR_PAGE = FILE_TYPES[0]?.path ?? '/404.html';

/** The stack's template. */
export function stackTemplate(spec: StackSpec): CfnTemplate {
  const lambda = spec.edge.kind === 'lambda';
  return {
    AWSTemplateFormatVersion: '2010-09-09',
    Description: `${spec.title}: a JASPAR API mirror on S3 + CloudFront. Generated by jaspar-static; deploy with deploy.sh beside it.`,
    Parameters: lambda ? { ...PARAMETERS, ...LAMBDA_PARAMETERS } : PARAMETERS,
    Rules: {
      CertificateWithDomain: {
        RuleCondition: notEmpty('DomainName'),
        Assertions: [
          {
            Assert: notEmpty('CertificateArn'),
            AssertDescription: 'A DomainName needs its CertificateArn (ACM, us-east-1)',
          },
        ],
      },
    },
    Conditions: { HasDomain: notEmpty('DomainName') },
    Resources: {
      SiteBucket: {
        Type: 'AWS::S3::Bucket',
        Properties: {
          PublicAccessBlockConfiguration: {
            BlockPublicAcls: true,
            BlockPublicPolicy: true,
            IgnorePublicAcls: true,
            RestrictPublicBuckets: true,
          },
          OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }] },
          BucketEncryption: {
            ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
          },
        },
      },
      OriginAccessControl: {
        Type: 'AWS::CloudFront::OriginAccessControl',
        Properties: {
          OriginAccessControlConfig: {
            Name: sub('${AWS::StackName}-site'),
            Description: 'CloudFront reads the private bucket',
            OriginAccessControlOriginType: 's3',
            SigningBehavior: 'always',
            SigningProtocol: 'sigv4',
          },
        },
      },
      SiteBucketPolicy: {
        Type: 'AWS::S3::BucketPolicy',
        Properties: {
          Bucket: ref('SiteBucket'),
          PolicyDocument: {
            Version: '2012-10-17',
            Statement: [
              {
                Sid: 'CloudFrontReadsObjects',
                Effect: 'Allow',
                Principal: { Service: 'cloudfront.amazonaws.com' },
                Action: 's3:GetObject',
                Resource: sub('${SiteBucket.Arn}/*'),
                Condition: {
                  StringEquals: {
                    'AWS:SourceArn': sub(
                      'arn:${AWS::Partition}:cloudfront::${AWS::AccountId}:distribution/${Distribution}',
                    ),
                  },
                },
              },
            ],
          },
        },
      },
      ApiHeadersPolicy: headersPolicy(!lambda),
      ...(spec.edge.kind === 'function' ? functionResources(spec.edge.code) : lambdaResources(spec.edge.codeHash)),
      ...pagesResources(),
      Distribution: {
        Type: 'AWS::CloudFront::Distribution',
        Properties: {
          DistributionConfig: {
            Comment: sub('${AWS::StackName}: JASPAR API mirror (jaspar-static)'),
            Enabled: true,
            HttpVersion: 'http2and3',
            IPV6Enabled: true,
            PriceClass: ref('PriceClass'),
            DefaultRootObject: 'index.html',
            Aliases: ifThen('HasDomain', [ref('DomainName')], NO_VALUE),
            ViewerCertificate: ifThen(
              'HasDomain',
              {
                AcmCertificateArn: ref('CertificateArn'),
                SslSupportMethod: 'sni-only',
                MinimumProtocolVersion: 'TLSv1.2_2021',
              },
              { CloudFrontDefaultCertificate: true },
            ),
            Origins: [
              {
                Id: ORIGIN,
                DomainName: getAtt('SiteBucket', 'RegionalDomainName'),
                OriginAccessControlId: getAtt('OriginAccessControl', 'Id'),
                // Empty: the origin is reached through the origin access control, not an identity.
                S3OriginConfig: { OriginAccessIdentity: '' },
              },
            ],
            DefaultCacheBehavior: pagesBehavior,
            CacheBehaviors: spec.apiPaths.map((p) => apiBehavior(p, spec.edge)),
            CustomErrorResponses: [
              { ErrorCode: 403, ResponseCode: 404, ResponsePagePath: ERROR_PAGE, ErrorCachingMinTTL: 60 },
            ],
          },
        },
      },
    },
    Outputs: {
      BucketName: { Description: 'The bucket upload.sh fills', Value: ref('SiteBucket') },
      DistributionId: { Description: 'The distribution an upload invalidates', Value: ref('Distribution') },
      DistributionDomainName: {
        Description: "The distribution's own name (point DomainName here with a CNAME or alias record)",
        Value: getAtt('Distribution', 'DomainName'),
      },
      MirrorUrl: {
        Description: 'Where the API answers',
        Value: ifThen(
          'HasDomain',
          sub('https://${DomainName}/api/v1/'),
          sub('https://${Distribution.DomainName}/api/v1/'),
        ),
      },
    },
  };
}
