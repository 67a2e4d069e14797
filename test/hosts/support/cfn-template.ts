/**
 * Reading the AWS targets' CloudFormation template (template.json) as CloudFront would act on
 * it, for the models of the distribution (cloudfront-vm.ts, lambda-edge.ts): the behaviors,
 * the code each one runs, the custom error responses, the response headers policy.
 */

type Intrinsic = { Ref?: string; 'Fn::GetAtt'?: [string, string] };

export interface TemplateBehavior {
  readonly PathPattern: string;
  readonly AllowedMethods: readonly string[];
  readonly FunctionAssociations?: readonly { EventType: string; FunctionARN: Intrinsic }[];
  readonly LambdaFunctionAssociations?: readonly { EventType: string; LambdaFunctionARN: Intrinsic }[];
  readonly ResponseHeadersPolicyId: Intrinsic;
}

export interface TemplateDistribution {
  readonly CacheBehaviors: readonly TemplateBehavior[];
  readonly DefaultCacheBehavior: Omit<TemplateBehavior, 'PathPattern'>;
  readonly CustomErrorResponses: readonly { ErrorCode: number; ResponsePagePath: string; ResponseCode: number }[];
}

interface Template {
  Resources: Record<string, { Type: string; Properties: Record<string, unknown> }>;
}

const resources = (text: string) => (JSON.parse(text) as Template).Resources;

/** The distribution's configuration. */
export function distributionConfig(text: string): TemplateDistribution {
  const dist = Object.values(resources(text)).find((r) => r.Type === 'AWS::CloudFront::Distribution');
  if (!dist) throw new Error('template.json holds no distribution');
  return dist.Properties.DistributionConfig as TemplateDistribution;
}

/**
 * Every behavior in the order CloudFront matches them: the cache behaviors, then the default one
 * (pattern `*`), which may run a function too (the web site's pages, src/hosting/aws/stack.ts).
 */
export const behaviorsOf = (d: TemplateDistribution): TemplateBehavior[] => [
  ...d.CacheBehaviors,
  { ...d.DefaultCacheBehavior, PathPattern: '*' },
];

/** The resource an intrinsic (`Ref`, `Fn::GetAtt`) names. */
function named(text: string, value: Intrinsic): { Type: string; Properties: Record<string, unknown> } {
  const id = value.Ref ?? value['Fn::GetAtt']?.[0];
  const r = id === undefined ? undefined : resources(text)[id];
  if (!r) throw new Error(`template.json: ${JSON.stringify(value)} names no resource`);
  return r;
}

/** The code of the CloudFront Function a behavior runs on viewer request, or null. */
export function viewerFunctionCode(text: string, behavior: TemplateBehavior): string | null {
  const assoc = behavior.FunctionAssociations?.find((a) => a.EventType === 'viewer-request');
  return assoc ? (named(text, assoc.FunctionARN).Properties.FunctionCode as string) : null;
}

/**
 * The headers a behavior's response headers policy adds: its custom headers, and
 * `X-Content-Type-Options: nosniff` where its security headers set ContentTypeOptions.
 */
export function policyHeaders(
  text: string,
  behavior: Omit<TemplateBehavior, 'PathPattern'>,
): { Header: string; Value: string }[] {
  const config = named(text, behavior.ResponseHeadersPolicyId).Properties.ResponseHeadersPolicyConfig as {
    CustomHeadersConfig: { Items: { Header: string; Value: string }[] };
    SecurityHeadersConfig?: { ContentTypeOptions?: unknown };
  };
  const security =
    config.SecurityHeadersConfig?.ContentTypeOptions === undefined
      ? []
      : [{ Header: 'X-Content-Type-Options', Value: 'nosniff' }];
  return [...config.CustomHeadersConfig.Items, ...security];
}
