/**
 * A stand-in `aws` for running the AWS targets' deploy.sh here (test/hosts/aws-stack.test.ts)
 * and the AWS guides (test/guides/): CloudFormation, CloudFront and STS answered from a
 * table and recorded, line by line, in a log; S3 passed to Debian's AWS CLI against s3rver
 * (test/support/s3-server.ts). `cloudformation deploy` also records the template it was given
 * (the stack's template, for a model of the distribution to read).
 */
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AWS_CLI } from '../../support/probes.js';
import type { S3Server } from '../../support/s3-server.js';

/** The distribution's domain name the stand-in's stack reports. */
export const STAND_IN_DOMAIN = 'd111111abcdef8.cloudfront.net';

/** The stand-in's script: calls appended to `log`, the last deployed template's path written to `template`. */
export function awsStandInScript(s3: S3Server, log: string, template: string): string {
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
  *) case " $* " in
       *" --endpoint-url "*) exec ${AWS_CLI} "$@" ;;
       *) exec ${AWS_CLI} --endpoint-url "$AWS_ENDPOINT_URL" "$@" ;;
     esac ;;
esac
`;
}

/** The stand-in installed as `<dir>/bin/aws`: the environment to run deploy.sh with, and the log of calls. */
export async function awsStandIn(
  dir: string,
  s3: S3Server,
): Promise<{ env: NodeJS.ProcessEnv; log: () => Promise<string> }> {
  const bin = join(dir, 'bin');
  await mkdir(bin, { recursive: true });
  const log = join(dir, 'aws.log');
  await writeFile(log, '');
  await writeFile(join(bin, 'aws'), awsStandInScript(s3, log, join(dir, 'template')));
  await chmod(join(bin, 'aws'), 0o755);
  return { env: { ...s3.env, PATH: `${bin}:${s3.env.PATH ?? ''}` }, log: () => readFile(log, 'utf8') };
}
