/**
 * The OpenAPI description against the copy it describes (issue 21): validated by a maintained
 * validator (@apidevtools/swagger-parser), then ≥ 500 requests generated from it (every
 * operation; parameter values from its own enums, examples and defaults, seeded) sent to the
 * dev server, and every answer checked against it: the status is one it documents, the
 * Content-Type one of that response's media types, and every JSON body valid under that
 * response's schema (ajv, JSON Schema 2020-12 as OpenAPI 3.1 reads it).
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendTo } from './hosts/support/client.js';
import type { ClientRequest, Reply } from '../src/check/types.js';
import { prng } from './support/prng.js';
import { runOk } from './support/process.js';
import { describeWith, pythonWith } from './support/requirements.js';
import { BASE, SAMPLE, serve, sharedSite, type Served } from './support/site.js';

interface Parameter {
  readonly name: string;
  readonly in: 'path' | 'query';
  readonly required: boolean;
  readonly schema: {
    readonly enum?: readonly unknown[];
    readonly examples?: readonly unknown[];
    readonly default?: unknown;
  };
}
interface Response {
  readonly $ref?: string;
  readonly content?: Record<string, { readonly schema: object }>;
}
interface Operation {
  readonly operationId: string;
  readonly parameters: readonly Parameter[];
  readonly responses: Record<string, Response>;
}
interface Description {
  readonly openapi: string;
  readonly servers: readonly { readonly url: string }[];
  readonly paths: Record<string, { readonly get: Operation }>;
  readonly components: { readonly schemas: object; readonly responses: Record<string, Response> };
}

/** The values a parameter's description offers. */
const valuesOf = (p: Parameter): unknown[] => [
  ...(p.schema.enum ?? []),
  ...(p.schema.examples ?? []),
  ...(p.schema.default === undefined ? [] : [p.schema.default]),
];

/** One request of an operation: every path parameter, each query parameter with probability 0.4. */
function requestOf(path: string, op: Operation, random: () => number): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  let target = path;
  const query: string[] = [];
  for (const p of op.parameters) {
    const values = valuesOf(p);
    if (values.length === 0) throw new Error(`${op.operationId}: parameter ${p.name} offers no value to try`);
    const value = String(pick(values));
    if (p.in === 'path') target = target.replace(`{${p.name}}`, encodeURIComponent(value));
    else if (random() < 0.4) query.push(`${p.name}=${encodeURIComponent(value)}`);
  }
  return query.length ? `${target}?${query.join('&')}` : target;
}

describe('the OpenAPI description of the sample copy', () => {
  let description: Description;
  let server: Served;
  const send = (req: ClientRequest): Promise<Reply> => sendTo(server.origin, req);
  beforeAll(async () => {
    const site = await sharedSite(SAMPLE);
    description = JSON.parse(readFileSync(join(site.dir, 'static/openapi/openapi.json'), 'utf8')) as Description;
    server = await serve(site.dir);
  }, 300_000);
  afterAll(async () => server?.close());

  it("is valid OpenAPI 3.1 (swagger-parser) with the build's base URL as its server", async () => {
    expect(description.openapi).toBe('3.1.0');
    expect(description.servers[0]!.url).toBe(BASE);
    await expect(SwaggerParser.validate(structuredClone(description) as never)).resolves.toBeTruthy();
  });

  it('is served at /api/v1/schema/ (JSON and YAML) and /api/v1/docs/', async () => {
    const json = await send({ method: 'GET', target: '/api/v1/schema/' });
    expect(json.status).toBe(200);
    expect(json.contentType).toBe('application/json');
    expect(JSON.parse(json.body.toString('utf8'))).toEqual(description);
    const yaml = await send({ method: 'GET', target: '/api/v1/schema?format=yaml' });
    expect([yaml.status, yaml.contentType]).toEqual([200, 'application/yaml; charset=utf-8']);
    expect(yaml.body.toString('utf8')).toMatch(/^components:\n/);
    const docs = await send({ method: 'GET', target: '/api/v1/docs/' });
    expect([docs.status, docs.contentType]).toEqual([200, 'text/html; charset=utf-8']);
    expect((await send({ method: 'GET', target: '/api/v1/schema/?format=xml' })).status).toBe(404);
  });

  it('describes every answer of ≥ 500 requests generated from it (ajv: 0 failures)', async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addFormat('uri', (s: string) => URL.canParse(s));
    const compiled = new Map<object, ValidateFunction>();
    const validator = (schema: object): ValidateFunction => {
      let v = compiled.get(schema);
      // The schema inside a document that carries the components its $refs point into.
      if (!v) compiled.set(schema, (v = ajv.compile({ ...schema, components: description.components })));
      return v;
    };
    const random = prng(21);
    const operations = Object.entries(description.paths);
    const targets: string[] = [];
    while (targets.length < 600) for (const [path, { get }] of operations) targets.push(requestOf(path, get, random));

    const failures: string[] = [];
    const statuses = new Map<string, Set<number>>();
    let jsonChecked = 0;
    const check = (_path: string, op: Operation, target: string, reply: Reply) => {
      const seen = statuses.get(op.operationId) ?? new Set<number>();
      statuses.set(op.operationId, seen.add(reply.status));
      let response = op.responses[String(reply.status)];
      if (response?.$ref) response = description.components.responses[response.$ref.split('/').pop()!];
      if (!response) return failures.push(`${target}: status ${reply.status} is not described`);
      const type = (reply.contentType ?? '').split(';')[0]!.trim();
      const media = response.content?.[type];
      if (!media)
        return failures.push(
          `${target}: ${reply.status} ${reply.contentType} is not a described media type (${Object.keys(response.content ?? {}).join(', ')})`,
        );
      if (type !== 'application/json') return;
      jsonChecked++;
      const validate = validator(media.schema);
      if (!validate(JSON.parse(reply.body.toString('utf8'))))
        failures.push(`${target}: ${reply.status} body not as described: ${ajv.errorsText(validate.errors)}`);
    };
    let next = 0;
    const worker = async () => {
      while (next < targets.length) {
        const i = next++;
        const target = targets[i]!;
        const [path, { get }] = operations[i % operations.length]!;
        check(path, get, target, await send({ method: 'GET', target }));
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    console.log(
      `OpenAPI: ${targets.length} requests over ${operations.length} operations, ${jsonChecked} JSON answers validated with ajv, ${failures.length} failures`,
    );
    expect(failures.slice(0, 20)).toEqual([]);
    expect(targets.length).toBeGreaterThanOrEqual(500);
    // Every operation answered 200 at least once: the samples reach real data, not only errors.
    for (const [, { get }] of operations)
      expect([get.operationId, statuses.get(get.operationId)?.has(200)]).toEqual([get.operationId, true]);
  }, 300_000);
});

const pyyaml = pythonWith('yaml', 'python3-yaml');

describeWith('the OpenAPI description in YAML', [pyyaml], () => {
  it('reads the same in PyYAML as the JSON description', async () => {
    const site = await sharedSite(SAMPLE);
    const read = await runOk(
      pyyaml.interpreter,
      ['-c', 'import sys, json, yaml; print(json.dumps(yaml.safe_load(sys.stdin)))'],
      { input: readFileSync(join(site.dir, 'static/openapi/openapi.yaml'), 'utf8') },
    );
    expect(JSON.parse(read.stdout)).toEqual(
      JSON.parse(readFileSync(join(site.dir, 'static/openapi/openapi.json'), 'utf8')),
    );
  }, 300_000);
});
