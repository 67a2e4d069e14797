/**
 * What the analysis page downloads (contract §11) is the copy's own detail answers: each profile's
 * record (in `static/portal/records/<first digits of its base id>.js`) holds, in every format a selection downloads in,
 * the detail answer the build wrote for it, byte for byte; a combined download is those answers
 * joined (MEME under one header) and the individual zip holds each as a member, as the download
 * area's bundles do.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createContext, Script } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { combined, individualZip } from '../../src/analysis/selection.js';
import { FORMATS } from '../../src/api/formats.js';
import { RECORD_FORMATS, RECORDS_GLOBAL, recordScriptFile, type ProfileRecord } from '../../src/portal/records.js';
import { SAMPLE, sharedSite, type BuiltSite } from '../support/site.js';
import { readZip } from '../support/zip-read.js';
import { readDump } from '../../src/dump/read-dump.js';
import { buildRelease } from '../../src/model/build-release.js';

describe("the analysis page's records, sample release", () => {
  let site: BuiltSite;
  let records: ProfileRecord[];
  beforeAll(async () => {
    site = await sharedSite(SAMPLE);
    const { release } = buildRelease(await readDump(SAMPLE));
    const window: { [RECORDS_GLOBAL]?: Record<string, ProfileRecord> } = {};
    const context = createContext({ window });
    for (const file of new Set(release.matrices.map((m) => recordScriptFile(m.matrixId))))
      new Script(readFileSync(join(site.dir, file), 'utf8')).runInContext(context);
    records = release.matrices.map((m) => window[RECORDS_GLOBAL]![m.matrixId]!);
  });

  const detail = (id: string, format: string) => {
    const ext = FORMATS.find((f) => f.name === format)!.extension;
    return readFileSync(join(site.dir, `files/${format}/matrix/${id}.${ext}`), 'utf8');
  };

  it("holds each profile's detail answer in every format, byte for byte", () => {
    expect(records.length).toBeGreaterThan(30);
    for (const r of records) for (const f of RECORD_FORMATS) expect(r.files[f], `${r.id} ${f}`).toBe(detail(r.id, f));
  });

  it('combines a selection as the detail answers joined (MEME under one header), and zips each as a member', () => {
    const picked = records.slice(3, 9);
    for (const f of RECORD_FORMATS) {
      const answers = picked.map((r) => ({ matrixId: r.id, text: detail(r.id, f) }));
      const text = combined(answers, f);
      const header = f === 'meme' ? answers[0]!.text.slice(0, answers[0]!.text.indexOf('MOTIF ')) : '';
      expect(header.length > 0).toBe(f === 'meme');
      expect(text).toBe(header + answers.map((a) => a.text.slice(header.length)).join(''));
      const members = readZip(Buffer.from(individualZip(answers, f)));
      expect(members.map((m) => m.name)).toEqual(picked.map((r) => `${r.id}.${f}`));
      members.forEach((m, i) => expect(m.content.toString('utf8')).toBe(answers[i]!.text));
    }
  });
});
