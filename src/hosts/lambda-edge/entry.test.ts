import { describe, expect, it } from 'vitest';
import type { SiteConfig } from '../../routes/site-data.js';
import { lambdaEdge, originLocation, type CfEvent, type CfRequest } from './entry.js';

const request = (over: Partial<CfRequest> = {}): CfRequest => ({
  method: 'GET',
  uri: '/api/v1/',
  querystring: '',
  headers: {},
  origin: { s3: { domainName: 'jaspar-site.s3.eu-west-1.amazonaws.com', path: '', region: 'eu-west-1' } },
  ...over,
});

const site: SiteConfig = {
  generator: 'jaspar-static',
  baseUrl: 'https://jaspar.example.org',
  releases: [{ name: 'JASPAR2016', year: 2016, root: '' }],
  formats: ['json'],
  withSites: false,
  prebuilt: null,
};

describe('the Lambda@Edge handler', () => {
  it("reads the site from the request's S3 origin: its domain, its origin path, its region", () => {
    expect(originLocation(request())).toEqual({
      endpoint: 'https://jaspar-site.s3.eu-west-1.amazonaws.com',
      region: 'eu-west-1',
    });
    expect(originLocation(request({ origin: { s3: { domainName: 'b.s3.amazonaws.com', path: '/prod' } } }))).toEqual({
      endpoint: 'https://b.s3.amazonaws.com/prod',
      region: 'us-east-1',
    });
    expect(() => originLocation(request({ origin: {} }))).toThrow(/no S3 origin/);
  });

  it("answers a failure (here: no S3 origin) with the API's 500 in CloudFront's response shape", async () => {
    const event: CfEvent = { Records: [{ cf: { request: request({ origin: {} }) } }] };
    const errors: unknown[] = [];
    const log = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      expect(await lambdaEdge(site, { env: {} })(event)).toEqual({
        status: '500',
        statusDescription: 'Internal Server Error',
        headers: {
          vary: [{ key: 'Vary', value: 'Accept' }],
          'access-control-allow-origin': [{ key: 'Access-Control-Allow-Origin', value: '*' }],
          'cache-control': [{ key: 'Cache-Control', value: 'public, max-age=300' }],
          'x-content-type-options': [{ key: 'X-Content-Type-Options', value: 'nosniff' }],
          allow: [{ key: 'Allow', value: 'GET, HEAD, OPTIONS' }],
          'content-type': [{ key: 'Content-Type', value: 'application/json' }],
        },
        body: '{"detail":"Internal error."}',
        bodyEncoding: 'text',
      });
    } finally {
      console.error = log;
    }
    expect(String(errors[0])).toMatch(/jaspar: .*no S3 origin/);
  });
});
