/**
 * A stand-in `aws` for running the AWS targets' deploy.sh here (test/hosts/aws-stack.test.ts),
 * the AWS guides (test/guides/) and upload.sh beside the real CLI (test/hosts/s3-upload.test.ts):
 * CloudFormation, CloudFront and STS answered from a table and recorded, line by line, in a log;
 * S3 (`aws s3 sync`, `aws s3 cp`, `aws s3api head-bucket|create-bucket`) done against s3rver
 * (test/support/s3-server.ts) by ./s3-sync-stand-in.ts, bundled into a Node script, instead of
 * Debian's AWS CLI (Python, about a second of CPU per command); any other command fails.
 * `cloudformation deploy` also records the template it was given (the stack's template, for a
 * model of the distribution to read).
 */
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { S3Server } from '../../support/s3-server.js';
import { tempDir } from '../../support/scratch.js';

/** The distribution's domain name the stand-in's stack reports. */
export const STAND_IN_DOMAIN = 'd111111abcdef8.cloudfront.net';

const HERE = dirname(fileURLToPath(import.meta.url));
let program: Promise<string> | undefined;

/** The S3 stand-in as one Node script (bundled once per test file): `node <it> s3 sync …`. */
export function s3StandInProgram(): Promise<string> {
  program ??= (async () => {
    const out = join(await tempDir('aws-s3-stand-in'), 'aws-s3.mjs');
    await build({
      stdin: {
        contents: `import { main } from './s3-sync-stand-in.ts';
process.exitCode = await main(process.argv.slice(2), {
  env: process.env,
  cwd: process.cwd(),
  out: (line) => process.stdout.write(line + '\\n'),
  err: (line) => process.stderr.write(line + '\\n'),
});`,
        resolveDir: HERE,
        sourcefile: 'aws-s3-entry.ts',
        loader: 'ts',
      },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outfile: out,
      logLevel: 'silent',
    });
    return out;
  })();
  return program;
}

/** A word the shell reads as `text`. */
const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/**
 * The stand-in's script: calls appended to `log`, the last deployed template's path written to
 * `template`, S3 commands run by `program` ({@link s3StandInProgram}).
 */
export function awsStandInScript(s3: S3Server, log: string, template: string, program: string): string {
  return `#!/bin/sh
printf '%s\\n' "$*" >> '${log}'
case "$1 $2" in
  "cloudformation deploy")
    prev=
    for a in "$@"; do [ "$prev" = --template-file ] && printf '%s\\n' "$a" > '${template}'; prev=$a; done
    exit 0 ;;
  "cloudformation describe-stacks")
    case "$*" in
      *BucketName*) echo '${s3.bucket}' ;;
      *DistributionId*) echo 'E2EXAMPLE' ;;
      *DistributionDomainName*) echo '${STAND_IN_DOMAIN}' ;;
      *MirrorUrl*) echo 'https://${STAND_IN_DOMAIN}/api/v1/' ;;
      *) exit 1 ;;
    esac ;;
  "cloudfront create-invalidation") echo 'I2EXAMPLE' ;;
  "sts get-caller-identity") echo '123456789012' ;;
  "s3api put-public-access-block") exit 0 ;;
  "s3 "* | "s3api "* | "--"*) exec ${quote(process.execPath)} ${quote(program)} "$@" ;;
  *) echo "aws (stand-in, test/hosts/support/aws-stand-in.ts): $1 $2 is not in its table" >&2; exit 255 ;;
esac
`;
}

/** The stand-in installed as `<dir>/bin/aws`: the environment to run deploy.sh or upload.sh with, and the log of calls. */
export async function awsStandIn(
  dir: string,
  s3: S3Server,
): Promise<{ env: NodeJS.ProcessEnv; log: () => Promise<string> }> {
  const bin = join(dir, 'bin');
  await mkdir(bin, { recursive: true });
  const log = join(dir, 'aws.log');
  await writeFile(log, '');
  await writeFile(join(bin, 'aws'), awsStandInScript(s3, log, join(dir, 'template'), await s3StandInProgram()));
  await chmod(join(bin, 'aws'), 0o755);
  return { env: { ...s3.env, PATH: `${bin}:${s3.env.PATH ?? ''}` }, log: () => readFile(log, 'utf8') };
}
