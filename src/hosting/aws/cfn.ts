/**
 * CloudFormation's template language, as far as the mirror's stacks use it: the template's
 * shape and the intrinsic functions, typed so a template is data the build writes as JSON
 * (docs/decisions.md, "AWS: a CloudFormation template written by the build").
 */

/** A value in a template: JSON, or an intrinsic function standing for one. */
export type CfnValue = string | number | boolean | null | readonly CfnValue[] | { readonly [key: string]: CfnValue };

export interface CfnParameter {
  readonly Type: 'String';
  readonly Default: string;
  readonly Description: string;
  readonly AllowedValues?: readonly string[];
  readonly AllowedPattern?: string;
  readonly ConstraintDescription?: string;
}

export interface CfnResource {
  readonly Type: string;
  readonly Properties: { readonly [key: string]: CfnValue };
  readonly DeletionPolicy?: 'Retain' | 'Delete';
  readonly UpdateReplacePolicy?: 'Retain' | 'Delete';
}

export interface CfnTemplate {
  readonly AWSTemplateFormatVersion: '2010-09-09';
  readonly Description: string;
  readonly Parameters: { readonly [name: string]: CfnParameter };
  readonly Rules?: { readonly [name: string]: CfnValue };
  readonly Conditions: { readonly [name: string]: CfnValue };
  readonly Resources: { readonly [logicalId: string]: CfnResource };
  readonly Outputs: { readonly [name: string]: { readonly Description: string; readonly Value: CfnValue } };
}

export const ref = (name: string): CfnValue => ({ Ref: name });
export const getAtt = (resource: string, attribute: string): CfnValue => ({ 'Fn::GetAtt': [resource, attribute] });
export const sub = (text: string): CfnValue => ({ 'Fn::Sub': text });
export const ifThen = (condition: string, then: CfnValue, otherwise: CfnValue): CfnValue => ({
  'Fn::If': [condition, then, otherwise],
});
export const notEmpty = (parameter: string): CfnValue => ({ 'Fn::Not': [{ 'Fn::Equals': [ref(parameter), ''] }] });
/** A property left out where a condition says so. */
export const NO_VALUE = ref('AWS::NoValue');

/**
 * CloudFormation's limit on a template passed in the request (`aws cloudformation deploy
 * --template-file` without `--s3-bucket`): 51,200 bytes (AWS, "CloudFormation quotas").
 */
export const TEMPLATE_BODY_LIMIT = 51_200;
