/**
 * A real S3 API on loopback (npm `s3rver`) for the upload and Lambda@Edge tests: one bucket,
 * objects stored in a folder of the run's scratch space, fake credentials. It runs in a child
 * Node process (a busy server never stalls the test worker) with OpenSSL's legacy provider:
 * s3rver encrypts ListObjects continuation tokens with DES, which Node 20's OpenSSL 3 leaves
 * out by default (a bucket of more than 1,000 keys could not be listed).
 *
 * `env` is the environment for the AWS CLI or an SDK: those credentials, no shared config or
 * credentials file, no instance metadata, and AWS_ENDPOINT_URL pointing here, so nothing can
 * reach real AWS. Never use real credentials with it.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { tempDir } from './scratch.js';

export interface S3Server {
  /** e.g. `http://127.0.0.1:41234` (path-style: `<endpoint>/<bucket>/<key>`). */
  readonly endpoint: string;
  readonly bucket: string;
  /** Environment for `aws` (pass `--endpoint-url endpoint` too) or an SDK. */
  readonly env: NodeJS.ProcessEnv;
  close(): Promise<void>;
}

/** The key pair s3rver accepts (its built-in account). */
export const S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;
/** The region clients sign for (s3rver accepts any). */
export const S3_REGION = 'us-east-1';

/**
 * The child: start s3rver with the options on argv, print its port, stop when stdin closes.
 * Before s3rver loads, its folder walk is made to list keys in S3's order (UTF-8 binary, as
 * ListObjectsV2 does): s3rver walks folders in name order, so `matrix/…` came before
 * `matrix-detail/…` ('/' sorts after '-'), and `aws s3 sync --delete`, which merges the
 * bucket's listing with the local one assuming S3's order, then deleted objects it was
 * uploading (a second upload lost `_jaspar/frag/matrix-detail/…`; test/guides/).
 */
const CHILD = `
const fs = require('fs');
const path = require('path');
const utils = require(path.join(path.dirname(process.argv[1]), 'utils.js'));
const keyOf = (name, dir) => Buffer.from(dir ? name + '/' : name.replace(/\\._S3rver_.*$/, ''));
utils.walk = function* walk(dir, recurseFilter) {
  const entries = fs.readdirSync(dir, { withFileTypes: true }).map((d) => {
    const isDir = d.isDirectory();
    return { full: path.posix.join(dir, d.name), isDir, key: keyOf(d.name, isDir) };
  });
  entries.sort((a, b) => Buffer.compare(a.key, b.key));
  for (const e of entries) {
    if (!e.isDir) yield e.full;
    else if (!recurseFilter || recurseFilter(e.full)) yield* walk(e.full, recurseFilter);
  }
};
// S3 has no folders; s3rver's store removes a key's folders once they are empty after a
// DELETE, and a PUT into the same folder at that moment (aws s3 sync deletes one release's
// dump while it uploads the other's, in parallel) opens its file in the removed folder, and
// the write stream's unhandled error ended s3rver: every later request of the upload then
// failed "Could not connect to the endpoint URL". Empty folders are left in place.
const FilesystemStore = require(path.join(path.dirname(process.argv[1]), 'stores', 'filesystem.js'));
FilesystemStore.prototype.deleteObject = async function deleteObject(bucket, key) {
  await Promise.all(['object', 'object.md5', 'metadata.json'].map((r) =>
    fs.promises.unlink(this.getResourcePath(bucket, key, r)).catch((err) => { if (err.code !== 'ENOENT') throw err; })));
};
const S3rver = require(process.argv[1]);
const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
server.run().then(({ port }) => process.stdout.write(JSON.stringify({ port }) + '\\n'), (e) => { console.error(e); process.exit(1); });
process.stdin.on('end', () => server.close().then(() => process.exit(0)));
process.stdin.resume();
`;

/** Start a server with one empty bucket; objects are kept in `dir` (default: a new scratch folder). */
export async function start(options: { dir?: string; bucket?: string } = {}): Promise<S3Server> {
  const bucket = options.bucket ?? 'jaspar-test';
  const directory = options.dir ?? (await tempDir('s3'));
  const main = createRequire(import.meta.url).resolve('s3rver');
  const child = spawn(process.execPath, ['--openssl-legacy-provider', '-e', CHILD, main, directory, bucket], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  let closing = false;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A server that ends on its own leaves its clients with "Could not connect": say why, in the test's output.
  child.once('exit', (code, signal) => {
    if (!closing) console.error(`s3rver (${directory}) ended by itself (${code ?? signal}):\n${stderr.slice(-4000)}`);
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString('utf8');
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) resolve((JSON.parse(line) as { port: number }).port);
    });
    child.once('exit', (code) => reject(new Error(`s3rver exited ${code} before listening:\n${stderr}`)));
    child.once('error', reject);
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    // Debian's awscli first (the one .ci/run installs), whatever else is on PATH.
    PATH: `/usr/bin:${process.env.PATH ?? ''}`,
    HOME: directory,
    AWS_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
    AWS_DEFAULT_REGION: S3_REGION,
    AWS_CONFIG_FILE: '/dev/null',
    AWS_SHARED_CREDENTIALS_FILE: '/dev/null',
    AWS_EC2_METADATA_DISABLED: 'true',
    AWS_ENDPOINT_URL: endpoint,
    AWS_PAGER: '',
  };
  const close = async () => {
    closing = true;
    if (child.exitCode === null && child.signalCode === null) child.stdin.end();
    await exited;
  };
  return { endpoint, bucket, env, close };
}

/** An object's address on `s3` (path style), each segment of its key escaped. */
export const objectUrl = (s3: S3Server, key: string): string =>
  `${s3.endpoint}/${s3.bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;
