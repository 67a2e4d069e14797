/**
 * The record a build keeps in its deploy folder (`<deploy>/.jaspar-static-build.json`; the
 * deploy folder is the tool's own and never served): the fingerprint of what the site was built
 * from and a stamp of the site and deploy folders as written (the deploy folder's without the
 * record). A later build with the same fingerprint, finding both folders still matching their
 * stamps, knows a rebuild would write the same bytes and leaves them untouched. The record is
 * written into the staged deploy folder and swapped in with it, so it is never half-written;
 * it is only ever trusted together with fresh stamps, so a stale or lost record costs a
 * rebuild, never a wrong site. Nothing is left beside the site (docs/decisions.md).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { stampTree, type TreeStamp } from './tree-stamp.js';

export interface BuildRecord {
  readonly fingerprint: string;
  readonly site: TreeStamp;
  readonly deploy: TreeStamp;
}

/** The record's file name in the deploy folder. */
export const RECORD_FILE = '.jaspar-static-build.json';

/** The record of the site whose deploy folder is `deployDir`. */
export const recordPathIn = (deployDir: string): string => join(resolve(deployDir), RECORD_FILE);

/** Where builds before this layout kept the record: beside the site, in its parent (stale.ts removes it). */
export const legacyRecordPathFor = (target: string): string =>
  join(dirname(resolve(target)), `.${basename(resolve(target))}.build.json`);

export async function readRecord(deployDir: string): Promise<BuildRecord | null> {
  try {
    const r = JSON.parse(await readFile(recordPathIn(deployDir), 'utf8')) as Partial<BuildRecord>;
    return typeof r.fingerprint === 'string' && r.site && r.deploy ? (r as BuildRecord) : null;
  } catch {
    return null;
  }
}

/** Into the staged deploy folder, before the swap (which makes it live with the folders it describes). */
export async function writeRecord(stagedDeployDir: string, record: BuildRecord): Promise<void> {
  await writeFile(recordPathIn(stagedDeployDir), `${JSON.stringify(record)}\n`);
}

export async function unchangedSince(
  target: string,
  deployDir: string,
  fingerprint: string,
): Promise<BuildRecord | null> {
  const record = await readRecord(deployDir);
  if (record === null || record.fingerprint !== fingerprint) return null;
  const [site, deploy] = await Promise.all([stampTree(target), stampTree(deployDir, [RECORD_FILE])]);
  return site.stamp === record.site.stamp && deploy.stamp === record.deploy.stamp ? record : null;
}
