/**
 * The record a build leaves beside its site (`.dist.build.json`, like the lock): the
 * fingerprint of what the site was built from and a stamp of the site and deploy folders as
 * written. A later build with the same fingerprint, finding both folders still matching their
 * stamps, knows a rebuild would write the same bytes and leaves them untouched. The record is
 * only ever trusted together with fresh stamps, so a stale or lost record costs a rebuild,
 * never a wrong site.
 */
import { readFile, rename, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { stampTree, type TreeStamp } from './tree-stamp.js';

export interface BuildRecord {
  readonly fingerprint: string;
  readonly site: TreeStamp;
  readonly deploy: TreeStamp;
}

const RECORD_SUFFIX = '.build.json';

export const recordPathFor = (target: string): string =>
  join(dirname(resolve(target)), `.${basename(resolve(target))}${RECORD_SUFFIX}`);

/** Whether a name beside a site is a build record (kept between builds, unlike staging folders). */
export const isBuildRecord = (name: string): boolean => name.startsWith('.') && name.endsWith(RECORD_SUFFIX);

export async function readRecord(target: string): Promise<BuildRecord | null> {
  try {
    const r = JSON.parse(await readFile(recordPathFor(target), 'utf8')) as Partial<BuildRecord>;
    return typeof r.fingerprint === 'string' && r.site && r.deploy ? (r as BuildRecord) : null;
  } catch {
    return null;
  }
}

/** Written whole or not at all (a temporary file renamed over the record). */
export async function writeRecord(target: string, record: BuildRecord): Promise<void> {
  const path = recordPathFor(target);
  const tmp = `${path}.${process.pid}.tmp`;
  await writeFile(tmp, `${JSON.stringify(record)}\n`);
  await rename(tmp, path);
}

/**
 * The site and deploy folders as the record describes them, when the fingerprint is the
 * record's and neither folder changed since (by their stamps); otherwise null.
 */
export async function unchangedSince(
  target: string,
  deployDir: string,
  fingerprint: string,
): Promise<BuildRecord | null> {
  const record = await readRecord(target);
  if (record === null || record.fingerprint !== fingerprint) return null;
  const [site, deploy] = await Promise.all([stampTree(target), stampTree(deployDir)]);
  return site.stamp === record.site.stamp && deploy.stamp === record.deploy.stamp ? record : null;
}
