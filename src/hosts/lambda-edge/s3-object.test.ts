import { describe, expect, it } from 'vitest';
import { AWSCLI_BOTOCORE } from '../../../test/support/probes.js';
import { runOk } from '../../../test/support/process.js';
import { command, describeWith } from '../../../test/support/requirements.js';
import { credentialsFrom, keyPath, signedHeaders, type Credentials } from './s3-object.js';

/** AWS's own signer (botocore, as Debian's awscli vendors it) at a fixed time, one Authorization per case. */
const BOTOCORE = `
import json, sys
import awscli.botocore.session  # first: awscli.botocore.auth alone is a circular import
from awscli.botocore.auth import S3SigV4Auth
from awscli.botocore.awsrequest import AWSRequest
from awscli.botocore.credentials import Credentials
out = []
for c in json.load(sys.stdin):
    req = AWSRequest(method='GET', url=c['url'])
    auth = S3SigV4Auth(Credentials(c['id'], c['secret'], c.get('token')), 's3', c['region'])
    req.context['timestamp'] = c['amzDate']
    auth._modify_request_before_signing(req)
    auth._inject_signature_to_request(req, auth.signature(auth.string_to_sign(req, auth.canonical_request(req)), req))
    out.append(req.headers['Authorization'])
print(json.dumps(out))
`;

const creds: Credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };
const now = new Date(Date.UTC(2026, 10, 24, 9, 30, 5));

describe('S3 object keys and credentials', () => {
  it('encodes each key segment as SigV4 wants (RFC 3986 unreserved characters kept, slashes kept)', () => {
    expect(keyPath('files/json/api/v1/matrix/MA0101.2/index.json')).toBe(
      'files/json/api/v1/matrix/MA0101.2/index.json',
    );
    expect(keyPath("a b/Arkin::Bexl/(x)!*'~ü")).toBe('a%20b/Arkin%3A%3ABexl/%28x%29%21%2A%27~%C3%BC');
  });

  it("reads Lambda's reserved credential variables, session token included, and none when absent", () => {
    expect(credentialsFrom({})).toBeNull();
    expect(credentialsFrom({ AWS_ACCESS_KEY_ID: 'a', AWS_SECRET_ACCESS_KEY: 'b', AWS_SESSION_TOKEN: 't' })).toEqual({
      accessKeyId: 'a',
      secretAccessKey: 'b',
      sessionToken: 't',
    });
  });
});

describeWith(
  'SigV4 signatures of S3 GETs',
  [command(AWSCLI_BOTOCORE[0], [...AWSCLI_BOTOCORE[1]], "Debian awscli's botocore")],
  () => {
    it("are the ones AWS's own signer (botocore) computes", async () => {
      const cases = [
        { url: 'https://jaspar-site.s3.eu-west-1.amazonaws.com/_jaspar/index.json', region: 'eu-west-1', creds },
        {
          url: `https://jaspar-site.s3.us-east-1.amazonaws.com/prefix/${keyPath("files/meme/Arkin::Bexl (x)/ü!*'.txt")}`,
          region: 'us-east-1',
          creds: { ...creds, sessionToken: 'IQoJb3JpZ2luX2VjEXAMPLE/+=' },
        },
        { url: 'http://127.0.0.1:4568/jaspar-site/_jaspar/frag/matrix/json/0.json', region: 'us-east-1', creds },
      ];
      const ours = await Promise.all(
        cases.map(async (c) => (await signedHeaders(new URL(c.url), c.region, c.creds, now)).authorization),
      );
      const input = cases.map((c) => ({
        url: c.url,
        region: c.region,
        id: c.creds.accessKeyId,
        secret: c.creds.secretAccessKey,
        token: c.creds.sessionToken ?? null,
        amzDate: '20261124T093005Z',
      }));
      const theirs = JSON.parse(
        (await runOk(AWSCLI_BOTOCORE[0], ['-c', BOTOCORE], { input: JSON.stringify(input) })).stdout,
      ) as string[];
      expect(ours).toEqual(theirs);
    });
  },
);
