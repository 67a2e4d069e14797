import { Script, createContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { defaultRouteOptions } from '../routes/generate.js';
import { cloudfrontFiles } from './cloudfront.js';
import { FUNCTION_LIMIT, pathPatternMatches } from './cloudfront-split.js';
import { nginxFiles } from './nginx.js';
import { ruleTable } from './rules.js';
import { compileRuns } from './compile-runs.js';
import { NOT_SERVED, type HostFacts } from './targets.js';

const options = defaultRouteOptions();
const rules = ruleTable(options);
const facts: HostFacts = { aliases: [], runs: () => compileRuns(rules), notServed: NOT_SERVED };
const files = cloudfrontFiles(rules, options, facts);
const functions = files.filter((f) => f.path.startsWith('cloudfront/functions/'));

/** Syntax the CloudFront Functions runtime (ES 5.1 plus a few additions) or njs 0.7 may reject. */
const NOT_ES5 = [/=>/, /`/, /\b(?:let|class)\s/, /\.\.\./, /\?\?/, /\?\./];

describe('CloudFront adapter', () => {
  it('writes only to the deploy folder', () => {
    expect(files.every((f) => f.place === 'deploy')).toBe(true);
  });

  it('keeps every function within CloudFront’s 10 KB', () => {
    expect(functions.length).toBeGreaterThan(0);
    for (const f of functions) expect(Buffer.byteLength(f.content), f.path).toBeLessThanOrEqual(FUNCTION_LIMIT);
  });

  it('uses no syntax outside ES 5.1, in CloudFront’s functions and nginx’s njs module', () => {
    const njs = nginxFiles(rules, options, facts).find((f) => f.path.endsWith('.js'))?.content ?? '';
    const code = njs.replace(/^(?:import|export) .*$/gm, '').replace(/^\/\/.*$/gm, '');
    for (const source of [...functions.map((f) => f.content), code]) {
      for (const re of NOT_ES5) expect(re.test(source), `${re}`).toBe(false);
    }
  });

  it('runs a function with nothing but the event: rewrite, error, OPTIONS', () => {
    const behaviors = JSON.parse(files.find((f) => f.path.endsWith('cache-behaviors.json'))?.content ?? '[]') as { PathPattern: string; Function: string }[];
    const run = (method: string, uri: string, querystring: Record<string, { value: string }> = {}) => {
      const fn = behaviors.find((b) => pathPatternMatches(b.PathPattern, uri))?.Function;
      const source = functions.find((f) => f.path.endsWith(`/${fn}.js`))?.content ?? '';
      const event = { request: { method, uri, querystring, headers: {}, cookies: {} } };
      return new Script(`${source}\nhandler(event);`).runInContext(createContext({ event })) as { uri?: string; statusCode?: number; body?: { data: string } };
    };
    expect(run('GET', '/api/v1/matrix/', { page: { value: '2' } }).uri).toBe('/files/default/matrix/_/default/default/2.json');
    expect(run('GET', '/api/v1/matrix/', { format: { value: 'xml' } })).toMatchObject({ statusCode: 404, body: { data: '{"detail":"Not found."}' } });
    expect(run('GET', '/api/v1/matrix/', { page: { value: '..%2Fx' } })).toMatchObject({ statusCode: 404, body: { data: '{"detail":"Invalid page."}' } });
    expect(run('OPTIONS', '/api/v1/matrix/')).toMatchObject({ statusCode: 200 });
    expect(run('POST', '/api/v1/matrix/')).toMatchObject({ statusCode: 405 });
  });

  it('uploads every response folder with its media type and never the configuration', () => {
    const upload = files.find((f) => f.path.endsWith('upload.sh'));
    expect(upload?.mode).toBe(0o755);
    expect(upload?.content).toContain(`"$SITE/files/meme/" "s3://$BUCKET/files/meme/" --delete --content-type 'text/meme; charset=utf-8'`);
    for (const p of NOT_SERVED) expect(upload?.content).toContain(`--exclude '${p.slice(1)}'`);
  });
});
