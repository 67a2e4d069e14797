/** The sample release read and built in memory, once per test file, for unit tests beside the code. */
import { readExtras } from '../../src/dump/extras/read-extras.js';
import { readDump } from '../../src/dump/read-dump.js';
import { buildRelease } from '../../src/model/build-release.js';
import type { Release } from '../../src/model/types.js';
import { join } from 'node:path';
import { PROJECT_ROOT } from './requirements.js';

const SAMPLE = join(PROJECT_ROOT, 'releases/sample');

let loading: Promise<Release> | null = null;

/** The sample release (MATRIX.txt and its tables, sites/, bed/ and TFFM/ beside them). */
export function sampleRelease(): Promise<Release> {
  loading ??= readDump(SAMPLE).then((dump) => buildRelease(dump, { year: 2016, extras: readExtras(SAMPLE) }).release);
  return loading;
}
