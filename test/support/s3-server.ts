/**
 * A real S3 API on loopback for tests: npm `s3rver` (its routes, its XML errors, its SigV4
 * check of signed requests with its own key pair), one bucket, objects kept in a folder.
 * Clients sign with {@link S3_CREDENTIALS} (awscli through {@link awsEnv}) or send anonymous
 * GETs, which s3rver answers as a public-read bucket does.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** The key pair s3rver accepts (its built-in account). */
export const S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;
/** The region clients sign for (s3rver accepts any). */
export const S3_REGION = 'us-east-1';

export interface S3Server {
  /** The service endpoint, e.g. `http://127.0.0.1:4568` (objects at `${endpoint}/${bucket}/${key}`, path style). */
  readonly endpoint: string;
  readonly bucket: string;
  close(): Promise<void>;
}

export interface S3ServerOptions {
  /** Where s3rver keeps its objects (default: a new temporary folder, removed on close). */
  readonly dir?: string;
}

/** Start s3rver on a free loopback port with one empty bucket. */
export async function start(options: S3ServerOptions = {}): Promise<S3Server> {
  const dir = options.dir ?? (await mkdtemp(join(tmpdir(), 'jaspar-s3-')));
  const bucket = 'jaspar-site';
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    close: async () => {
      await server.close();
      if (options.dir === undefined) await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The environment awscli needs to talk to `s3` (endpoint, key pair, region; no user config). */
export function awsEnv(s3: S3Server): NodeJS.ProcessEnv {
  return {
    // Debian's awscli first (the one .ci/run installs), whatever else is on PATH.
    PATH: `/usr/bin:${process.env.PATH ?? ''}`,
    HOME: process.env.HOME,
    AWS_ENDPOINT_URL: s3.endpoint,
    AWS_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
    AWS_DEFAULT_REGION: S3_REGION,
    AWS_CONFIG_FILE: '/dev/null',
    AWS_SHARED_CREDENTIALS_FILE: '/dev/null',
  };
}
