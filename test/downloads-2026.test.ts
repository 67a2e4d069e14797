/**
 * The download area of the JASPAR 2026 reconstruction (contract §9, issue 34): from 2024 on the
 * all-taxa file is the taxon files one after another in JASPAR's order, and each taxon file
 * holds exactly the latest versions of that `tax_group`, in internal key order.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { readDump } from '../src/dump/read-dump.js';
import { buildRelease } from '../src/model/build-release.js';
import type { Release } from '../src/model/types.js';
import { describeWith, sharedPath } from './support/requirements.js';
import { sharedSite, type BuiltSite } from './support/site.js';

const dump = sharedPath('releases', 'JASPAR2026', 'JASPAR2026.sql.gz');
/** §9's taxa order for 2024 and later; any other group follows, alphabetically. */
const JASPAR_TAXA = ['vertebrates', 'plants', 'nematodes', 'insects', 'fungi', 'urochordates', 'diatoms'];

describeWith('the download area of the JASPAR 2026 reconstruction', [dump], () => {
  let site: BuiltSite;
  let release: Release;
  beforeAll(async () => {
    // Compact: the download area is the same in every build, and this is the quickest.
    site = await sharedSite(dump.path, { compact: true, targets: ['nginx'], formats: ['json'] });
    release = buildRelease(await readDump(dump.path), {}).release;
  });
  const core = (name: string) => readFileSync(join(site.dir, 'download/data/2026/CORE', name), 'utf8');
  const ids = (text: string) => [...text.matchAll(/^>(\S+)\t/gm)].map((m) => m[1]);

  it('joins the taxon files in JASPAR order into the all-taxa non-redundant file', () => {
    const names = readdirSync(join(site.dir, 'download/data/2026/CORE'));
    const taxa = names
      .map((n) => /^JASPAR2026_CORE_(.+)_non-redundant_pfms_jaspar\.txt$/.exec(n)?.[1])
      .filter((t): t is string => t !== undefined);
    const known = JASPAR_TAXA.filter((t) => taxa.includes(t));
    const others = taxa.filter((t) => !JASPAR_TAXA.includes(t)).sort();
    expect(known.length).toBeGreaterThan(3);
    const joined = [...known, ...others]
      .map((t) => core(`JASPAR2026_CORE_${t}_non-redundant_pfms_jaspar.txt`))
      .join('');
    expect(core('JASPAR2026_CORE_non-redundant_pfms_jaspar.txt')).toBe(joined);
    // The README's 2,633 latest CORE versions.
    expect(ids(joined)).toHaveLength(2633);
  });

  it('holds in each taxon file exactly the latest versions of that tax_group, in key order', () => {
    const latest = new Map<string, number>();
    for (const m of release.matrices)
      if (m.collection === 'CORE') latest.set(m.baseId, Math.max(latest.get(m.baseId) ?? 0, m.version));
    const groups = new Set(
      release.matrices.flatMap((m) => m.annotations.filter((a) => a.tag === 'tax_group').map((a) => a.value)),
    );
    expect(groups.size).toBeGreaterThan(3);
    for (const t of groups) {
      const want = release.matrices
        .filter((m) => m.collection === 'CORE' && latest.get(m.baseId) === m.version)
        .filter((m) => m.annotations.some((a) => a.tag === 'tax_group' && a.value === t))
        .sort((a, b) => a.key - b.key)
        .map((m) => m.matrixId);
      expect(ids(core(`JASPAR2026_CORE_${t}_non-redundant_pfms_jaspar.txt`)), t).toEqual(want);
      const redundant = release.matrices
        .filter((m) => m.collection === 'CORE' && m.annotations.some((a) => a.tag === 'tax_group' && a.value === t))
        .map((m) => m.matrixId);
      expect(ids(core(`JASPAR2026_CORE_${t}_redundant_pfms_jaspar.txt`)), t).toEqual(redundant);
    }
  });

  it('uses the 2022-and-later TRANSFAC layout and the taxa order in every format', () => {
    const transfac = core('JASPAR2026_CORE_non-redundant_pfms_transfac.txt');
    expect(transfac).toContain('DE MA0004.1 Arnt ; From JASPAR\n');
    expect(transfac).toContain('CC tax_group:vertebrates\n');
    const acs = [...transfac.matchAll(/^AC (\S+)$/gm)].map((m) => m[1]);
    expect(acs).toEqual(ids(core('JASPAR2026_CORE_non-redundant_pfms_jaspar.txt')));
  });
});
