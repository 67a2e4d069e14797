/**
 * A CloudFormation template checked against AWS's published resource specification (npm
 * `@aws-cdk/cfnspec`, the CloudFormation Resource Specification the AWS CDK generates its
 * classes from), offline: every resource type exists; every property name is one of its type's;
 * every required property is present; every value has the specified shape (string, integer,
 * boolean, JSON, list, map, or a property type, recursively); every `Ref`, `Fn::GetAtt` and
 * `${…}` of `Fn::Sub` names a parameter, a resource (and one of its attributes) or a pseudo
 * parameter; every `Fn::If` names a condition. What it cannot know: values AWS accepts (allowed
 * strings, patterns, ranges), cross-resource rules, IAM semantics.
 */
import { specification } from '@aws-cdk/cfnspec';

interface PropSpec {
  readonly PrimitiveType?: string;
  readonly Type?: string;
  readonly ItemType?: string;
  readonly PrimitiveItemType?: string;
  readonly Required?: boolean;
}
interface TypeSpec {
  readonly Properties?: Record<string, PropSpec>;
  readonly Attributes?: Record<string, unknown>;
}
interface Spec {
  readonly ResourceSpecificationVersion: string;
  readonly ResourceTypes: Record<string, TypeSpec>;
  readonly PropertyTypes: Record<string, TypeSpec & PropSpec>;
}

const spec = specification() as unknown as Spec;

/** The specification's version, for messages. */
export const SPEC_VERSION = spec.ResourceSpecificationVersion;

const PSEUDO = [
  'AWS::AccountId',
  'AWS::NoValue',
  'AWS::Partition',
  'AWS::Region',
  'AWS::StackId',
  'AWS::StackName',
  'AWS::URLSuffix',
];
const INTRINSICS = [
  'Ref',
  'Fn::GetAtt',
  'Fn::Sub',
  'Fn::If',
  'Fn::Join',
  'Fn::Select',
  'Fn::Not',
  'Fn::Equals',
  'Fn::And',
  'Fn::Or',
];

interface Template {
  Parameters?: Record<string, { Type: string }>;
  Conditions?: Record<string, unknown>;
  Resources?: Record<
    string,
    { Type: string; Properties?: Record<string, unknown>; DeletionPolicy?: string; UpdateReplacePolicy?: string }
  >;
  Outputs?: Record<string, { Value: unknown }>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const intrinsic = (v: unknown): string | null => {
  if (!isObject(v)) return null;
  const keys = Object.keys(v);
  return keys.length === 1 && INTRINSICS.includes(keys[0]!) ? keys[0]! : null;
};

/** Every problem of a template (an empty list: it conforms), each as `path: what`. */
export function checkTemplate(template: Template): string[] {
  const problems: string[] = [];
  const params = template.Parameters ?? {};
  const conditions = template.Conditions ?? {};
  const resources = template.Resources ?? {};

  /** References anywhere (JSON policies included): each names something that exists. */
  const checkRefs = (value: unknown, path: string): void => {
    const fn = intrinsic(value);
    if (fn === 'Ref') {
      const name = (value as { Ref: unknown }).Ref;
      if (typeof name !== 'string' || !(name in params || name in resources || PSEUDO.includes(name)))
        problems.push(`${path}: Ref ${JSON.stringify(name)} names no parameter, resource or pseudo parameter`);
      return;
    }
    if (fn === 'Fn::GetAtt') {
      const args = (value as { 'Fn::GetAtt': unknown })['Fn::GetAtt'];
      if (!Array.isArray(args) || args.length !== 2) problems.push(`${path}: Fn::GetAtt takes [resource, attribute]`);
      else checkAttribute(String(args[0]), String(args[1]), path);
      return;
    }
    if (fn === 'Fn::Sub') {
      const text = (value as { 'Fn::Sub': unknown })['Fn::Sub'];
      if (typeof text !== 'string') {
        problems.push(`${path}: Fn::Sub takes a string here`);
        return;
      }
      for (const m of text.matchAll(/\$\{([^}!]+)\}/g)) {
        const name = m[1]!;
        if (name in params || name in resources || PSEUDO.includes(name)) continue;
        const dot = name.indexOf('.');
        if (dot > 0 && name.slice(0, dot) in resources) checkAttribute(name.slice(0, dot), name.slice(dot + 1), path);
        else problems.push(`${path}: Fn::Sub's \${${name}} names nothing`);
      }
      return;
    }
    if (fn === 'Fn::If') {
      const args = (value as { 'Fn::If': unknown })['Fn::If'];
      if (!Array.isArray(args) || args.length !== 3) problems.push(`${path}: Fn::If takes [condition, then, else]`);
      else if (!(String(args[0]) in conditions)) problems.push(`${path}: Fn::If names no condition ${String(args[0])}`);
    }
    if (Array.isArray(value)) value.forEach((v, i) => checkRefs(v, `${path}[${i}]`));
    else if (isObject(value)) for (const [k, v] of Object.entries(value)) checkRefs(v, `${path}.${k}`);
  };
  const checkAttribute = (resource: string, attribute: string, path: string) => {
    const r = resources[resource];
    if (!r) problems.push(`${path}: Fn::GetAtt names no resource ${resource}`);
    else if (!(attribute in (spec.ResourceTypes[r.Type]?.Attributes ?? {})))
      problems.push(`${path}: ${r.Type} has no attribute ${attribute}`);
  };

  const checkPrimitive = (type: string, value: unknown, path: string) => {
    const fn = intrinsic(value);
    if (fn === 'Fn::If') {
      const [, a, b] = (value as { 'Fn::If': unknown[] })['Fn::If'];
      for (const v of [a, b]) if (!isNoValue(v)) checkPrimitive(type, v, path);
      return;
    }
    if (fn !== null) return; // a reference: its shape is AWS's to check at deploy time
    const ok =
      type === 'String' || type === 'Timestamp'
        ? typeof value === 'string'
        : type === 'Integer' || type === 'Long' || type === 'Double'
          ? typeof value === 'number' || (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value))
          : type === 'Boolean'
            ? typeof value === 'boolean' || value === 'true' || value === 'false'
            : type === 'Json'
              ? isObject(value) || typeof value === 'string'
              : false;
    if (!ok) problems.push(`${path}: ${JSON.stringify(value)?.slice(0, 60)} is not a ${type}`);
  };
  const isNoValue = (v: unknown) => isObject(v) && v.Ref === 'AWS::NoValue';

  const checkValue = (resourceType: string, prop: PropSpec, value: unknown, path: string): void => {
    if (prop.PrimitiveType) {
      checkPrimitive(prop.PrimitiveType, value, path);
      return;
    }
    if (intrinsic(value) === 'Fn::If') {
      const [, a, b] = (value as { 'Fn::If': unknown[] })['Fn::If'];
      for (const v of [a, b]) if (!isNoValue(v)) checkValue(resourceType, prop, v, path);
      return;
    }
    if (intrinsic(value) !== null) return;
    if (prop.Type === 'List' || prop.Type === 'Map') {
      const items = prop.Type === 'List' ? value : isObject(value) ? Object.values(value) : null;
      if (!Array.isArray(items)) {
        problems.push(`${path}: not a ${prop.Type === 'List' ? 'list' : 'map'}`);
        return;
      }
      items.forEach((item, i) =>
        prop.PrimitiveItemType
          ? checkPrimitive(prop.PrimitiveItemType, item, `${path}[${i}]`)
          : checkObject(resourceType, prop.ItemType ?? '?', item, `${path}[${i}]`),
      );
      return;
    }
    checkObject(resourceType, prop.Type ?? '?', value, path);
  };
  const checkObject = (resourceType: string, typeName: string, value: unknown, path: string) => {
    const type = spec.PropertyTypes[`${resourceType}.${typeName}`] ?? spec.PropertyTypes[typeName];
    if (!type) {
      problems.push(`${path}: the specification has no property type ${resourceType}.${typeName}`);
      return;
    }
    if (type.PrimitiveType || type.Type) {
      checkValue(resourceType, type, value, path); // an alias of a shape
      return;
    }
    if (!isObject(value)) {
      problems.push(`${path}: not an object (${typeName})`);
      return;
    }
    checkProperties(resourceType, typeName, type.Properties ?? {}, value, path);
  };
  const checkProperties = (
    resourceType: string,
    typeName: string,
    props: Record<string, PropSpec>,
    value: Record<string, unknown>,
    path: string,
  ) => {
    for (const [name, v] of Object.entries(value)) {
      const prop = props[name];
      if (!prop) problems.push(`${path}: ${typeName} has no property ${name}`);
      else checkValue(resourceType, prop, v, `${path}.${name}`);
    }
    for (const [name, prop] of Object.entries(props))
      if (prop.Required && !(name in value)) problems.push(`${path}: ${typeName} requires ${name}`);
  };

  for (const [name, p] of Object.entries(params))
    if (!['String', 'Number', 'CommaDelimitedList', 'List<Number>'].includes(p.Type))
      problems.push(`Parameters.${name}: type ${p.Type} is not one this check knows`);
  for (const [id, r] of Object.entries(resources)) {
    const type = spec.ResourceTypes[r.Type];
    const path = `Resources.${id}`;
    if (!type) {
      problems.push(`${path}: no resource type ${r.Type} in the specification ${SPEC_VERSION}`);
      continue;
    }
    for (const policy of [r.DeletionPolicy, r.UpdateReplacePolicy])
      if (policy !== undefined && !['Delete', 'Retain', 'Snapshot'].includes(policy))
        problems.push(`${path}: no such deletion policy ${policy}`);
    checkProperties(r.Type, r.Type, type.Properties ?? {}, r.Properties ?? {}, `${path}.Properties`);
  }
  checkRefs(conditions, 'Conditions');
  checkRefs(resources, 'Resources');
  checkRefs(template.Outputs ?? {}, 'Outputs');
  return problems;
}
