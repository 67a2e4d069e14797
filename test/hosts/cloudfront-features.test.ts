/**
 * The emitted CloudFront function uses only what runtime 2.0 documents (src/hosts/cloudfront/features.ts):
 * parsed with acorn, every syntax node, operator, regular expression flag, global, static
 * member and method call is checked against the lists. Globals are the identifiers the
 * program reads but never declares (minified code never declares `Object` or `JSON`, so a
 * name declared anywhere is taken as local). Method calls on values are checked by name
 * against every documented prototype method and the program's own properties.
 */
import { parse, type Node } from 'acorn';
import { full } from 'acorn-walk';
import { describe, expect, it } from 'vitest';
import { functionSource } from '../../src/hosts/cloudfront/adapter.js';
import {
  ES5_ASSIGNMENT,
  ES5_LOGICAL,
  EXTRA_BINARY,
  GLOBALS,
  PROTOTYPE_METHODS,
  REGEXP_FLAGS,
  STATIC,
  SYNTAX_NODES,
} from '../../src/hosts/cloudfront/features.js';
import { memorySample } from '../support/memory-sample.js';

type AnyNode = Node & { [key: string]: unknown };
const name = (n: unknown): string | null =>
  (n as AnyNode | null)?.type === 'Identifier' ? ((n as AnyNode).name as string) : null;
const key = (n: AnyNode): string | null => (n.computed ? null : (name(n.property) ?? name(n.key)));

/** Every use of something runtime 2.0 does not document, as text. */
function undocumented(source: string): string[] {
  const program = parse(source, { ecmaVersion: 'latest', sourceType: 'script' });
  const problems: string[] = [];
  const declared = new Set<string>();
  const own = new Set<string>();
  const nodes: AnyNode[] = [];
  full(program, (node) => nodes.push(node as AnyNode));
  const declare = (p: unknown) => {
    if (name(p) !== null) declared.add(name(p)!);
    else if ((p as AnyNode | null)?.type === 'RestElement') declare((p as AnyNode).argument);
  };
  for (const n of nodes) {
    if (n.type === 'VariableDeclarator') declare(n.id);
    if (n.type === 'FunctionDeclaration' || n.type === 'FunctionExpression' || n.type === 'ArrowFunctionExpression') {
      declare(n.id);
      for (const p of n.params as unknown[]) declare(p);
    }
    if (n.type === 'CatchClause') declare(n.param);
    if (n.type === 'Property' && key(n) !== null) own.add(key(n)!);
    if (
      n.type === 'AssignmentExpression' &&
      (n.left as AnyNode).type === 'MemberExpression' &&
      key(n.left as AnyNode) !== null
    )
      own.add(key(n.left as AnyNode)!);
  }
  const at = (n: AnyNode) => `${source.slice(n.start, Math.min(n.end, n.start + 60))} (offset ${n.start})`;
  for (const n of nodes) {
    if (!SYNTAX_NODES.includes(n.type)) problems.push(`syntax ${n.type}: ${at(n)}`);
    if (n.type === 'Property' && (n.method || n.shorthand || n.computed || n.kind !== 'init'))
      problems.push(`object literal extension: ${at(n)}`);
    if (n.type === 'LogicalExpression' && !ES5_LOGICAL.includes(n.operator as string))
      problems.push(`operator ${String(n.operator)}: ${at(n)}`);
    if (n.type === 'AssignmentExpression' && !ES5_ASSIGNMENT.includes(n.operator as string))
      problems.push(`operator ${String(n.operator)}: ${at(n)}`);
    if (
      n.type === 'BinaryExpression' &&
      (n.operator as string).length > 1 &&
      /\*\*/.test(n.operator as string) &&
      !EXTRA_BINARY.includes(n.operator as string)
    )
      problems.push(`operator ${String(n.operator)}`);
    if ((n.type === 'MemberExpression' || n.type === 'CallExpression') && n.optional)
      problems.push(`optional chaining: ${at(n)}`);
    if ((n.type === 'FunctionDeclaration' || n.type === 'FunctionExpression') && n.generator)
      problems.push(`generator: ${at(n)}`);
    if (n.type === 'CatchClause' && n.param === null) problems.push(`catch without a binding: ${at(n)}`);
    if (
      n.type === 'Literal' &&
      n.regex &&
      [...(n.regex as { flags: string }).flags].some((f) => !REGEXP_FLAGS.includes(f))
    )
      problems.push(`regular expression flags: ${at(n)}`);
    if (n.type === 'Literal' && n.bigint !== undefined) problems.push(`BigInt: ${at(n)}`);
    if (n.type === 'RestElement' && !nodes.some((f) => (f.params as unknown[] | undefined)?.at(-1) === n))
      problems.push(`rest element outside parameters: ${at(n)}`);
    if (n.type === 'MemberExpression') {
      const object = name(n.object);
      const prop = key(n);
      if (
        object !== null &&
        !declared.has(object) &&
        prop !== null &&
        prop !== 'prototype' &&
        STATIC[object] !== undefined &&
        !STATIC[object].includes(prop) &&
        !own.has(prop)
      ) {
        problems.push(`${object}.${prop}: ${at(n)}`);
      }
    }
    if (n.type === 'CallExpression' && (n.callee as AnyNode).type === 'MemberExpression') {
      const callee = n.callee as AnyNode;
      const object = name(callee.object);
      const method = key(callee);
      const isStatic = object !== null && !declared.has(object) && STATIC[object] !== undefined;
      if (method === null) problems.push(`computed method call: ${at(n)}`);
      else if (!isStatic && !PROTOTYPE_METHODS.includes(method) && !own.has(method))
        problems.push(`method .${method}(): ${at(n)}`);
    }
  }
  full(program, (node) => {
    const n = node as AnyNode;
    if (n.type !== 'Identifier') return;
    const id = n.name as string;
    if (!declared.has(id) && !GLOBALS.includes(id)) problems.push(`global ${id}: ${at(n)}`);
  });
  return [...new Set(problems)];
}

describe('the CloudFront function uses only what runtime 2.0 documents', () => {
  it('the emitted function: no undocumented syntax, global or method; a top-level handler(event)', async () => {
    const source = functionSource((await memorySample(['cloudfront'])).site);
    expect(undocumented(source)).toEqual([]);
    expect(source).toMatch(/(^|[;\n])function handler\(event\)\{/);
  });

  it('the check refuses what the runtime lacks', () => {
    const bad = [
      'var a=[...b]',
      'var {a}=b',
      'for (var a of b);',
      'class A {}',
      'var a=b?.c',
      'var a=b??c',
      'var a={b(){}}',
      'var a={b}',
      'var a=new Map()',
      'var a=Array.from(b)',
      'var a=b.at(0)',
      'var a=/x/s',
      'try{}catch{}',
      'function* g(){}',
      'a||=b',
      'var a=1n',
      'var a=Object.fromEntries(b)',
      'var a=b.flatMap(c)',
      'var f=function(a=1){}',
    ];
    for (const code of bad) expect(undocumented(`var b,c;${code}`), code).not.toEqual([]);
    expect(
      undocumented('var b=[1];var a=b.indexOf(1)+Object.keys({x:1}).length;function handler(event){return event}'),
    ).toEqual([]);
  });
});
