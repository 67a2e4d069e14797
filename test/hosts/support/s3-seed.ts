/**
 * Fill an s3rver bucket with the objects an emitted upload.sh would upload, without the AWS CLI:
 * for tests whose subject is what reads the bucket (the Lambda@Edge handler), not the upload.
 * Which files go and with which Content-Type and Content-Encoding is the upload model of
 * cloudfront-vm.ts (`bucket`), which test/hosts/s3-upload.test.ts and
 * test/hosts/download-headers.test.ts hold to the real CLI; each object is a plain S3 PUT to
 * s3rver. The AWS CLI spends about a second of CPU starting each of upload.sh's fifteen syncs,
 * and each sync lists the whole bucket: a third of the Lambda@Edge suite's time went there.
 */
import { readFileSync } from 'node:fs';
import { listFiles } from '../../support/files.js';
import { objectUrl, type S3Server } from '../../support/s3-server.js';
import { bucket } from './cloudfront-vm.js';

/** PUTs in flight at once. */
const PARALLEL = 8;

/** Put every object upload.sh (its text `script`) would upload from `site` into `s3`'s bucket; returns their keys. */
export async function seedBucket(s3: S3Server, site: string, script: string): Promise<string[]> {
  // The model types objects; an upload.sh that sets other metadata would need the model to say so.
  if (/--cache-control|--metadata/.test(script)) throw new Error('upload.sh sets metadata the seeding does not model');
  const object = bucket(site, script);
  const keys = (await listFiles(site)).filter((key) => object(key) !== null);
  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next++]!;
      const o = object(key)!;
      const headers: Record<string, string> = { 'content-type': o.type };
      if (o.encoding !== null) headers['content-encoding'] = o.encoding;
      // Read synchronously (a small file, between two awaits): a promise per file cost more than the read.
      const res = await fetch(objectUrl(s3, key), { method: 'PUT', headers, body: readFileSync(o.file) });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`PUT ${key}: ${res.status}`);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return keys;
}
