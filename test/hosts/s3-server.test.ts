/**
 * The S3 API the upload tests run against (test/support/s3-server.ts) survives what `aws s3
 * sync --delete` does when one release's files replace another's: a DELETE emptying a key's
 * folder while a PUT writes into it, in parallel. s3rver removed the emptied folder under the
 * PUT, whose unhandled write error ended the server (the guides' roll back then failed with
 * "Could not connect to the endpoint URL", now and then, under load).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { objectUrl, start, type S3Server } from '../support/s3-server.js';

let s3: S3Server;
beforeAll(async () => {
  s3 = await start();
});
afterAll(async () => {
  await s3?.close();
});

const url = (key: string) => objectUrl(s3, key);
const put = async (key: string) => {
  const res = await fetch(url(key), { method: 'PUT', body: 'x'.repeat(100_000) });
  await res.arrayBuffer();
  return res.status;
};

it('a DELETE emptying a folder beside a PUT into it, 60 times: every PUT stored, the server up', async () => {
  for (let i = 0; i < 60; i++) {
    const folder = `download/database-${i % 3}`;
    expect(await put(`${folder}/old-${i}.sqlite`)).toBe(200);
    const [, stored] = await Promise.all([
      fetch(url(`${folder}/old-${i}.sqlite`), { method: 'DELETE' }).then((r) => r.arrayBuffer()),
      put(`${folder}/new-${i}.sqlite`),
    ]);
    expect(stored, `PUT ${i}`).toBe(200);
    const head = await fetch(url(`${folder}/new-${i}.sqlite`), { method: 'HEAD' });
    expect(head.status, `HEAD ${i}`).toBe(200);
    await fetch(url(`${folder}/new-${i}.sqlite`), { method: 'DELETE' }).then((r) => r.arrayBuffer());
  }
});
