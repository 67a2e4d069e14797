/**
 * A real S3 API on loopback (npm `s3rver`, in this process) for the upload and Lambda@Edge
 * tests: one bucket, objects stored in a folder of the run's scratch space, fake credentials.
 * `env` is the environment for the AWS CLI or an SDK: those credentials, no shared config or
 * credentials file, no instance metadata, and AWS_ENDPOINT_URL pointing here, so nothing can
 * reach real AWS. Never use real credentials with it.
 */
import S3rver from 's3rver';
import { tempDir } from './scratch.js';

export interface S3Server {
  /** e.g. `http://127.0.0.1:41234` (path-style: `<endpoint>/<bucket>/<key>`). */
  readonly endpoint: string;
  readonly bucket: string;
  /** Environment for `aws` (pass `--endpoint-url endpoint` too) or an SDK. */
  readonly env: NodeJS.ProcessEnv;
  close(): Promise<void>;
}

/** Fake credentials s3rver accepts (its documented defaults). */
const CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

/** Start a server with one empty bucket; objects are kept in `dir` (default: a new scratch folder). */
export async function start(options: { dir?: string; bucket?: string } = {}): Promise<S3Server> {
  const bucket = options.bucket ?? 'jaspar-test';
  const directory = options.dir ?? (await tempDir('s3'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: directory,
    ...CREDENTIALS,
    AWS_DEFAULT_REGION: 'us-east-1',
    AWS_CONFIG_FILE: '/dev/null',
    AWS_SHARED_CREDENTIALS_FILE: '/dev/null',
    AWS_EC2_METADATA_DISABLED: 'true',
    AWS_ENDPOINT_URL: endpoint,
    AWS_PAGER: '',
  };
  return { endpoint, bucket, env, close: () => server.close() };
}
