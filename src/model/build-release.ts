/**
 * Builds the domain model once from a raw dump: joins the MATRIX_* tables, checks what the
 * API relies on, and reports what it finds wrong to a {@link Problems} receiver: a build stops
 * at the first fatal problem, `jaspar-static inspect` collects them all. The checks live here
 * only, so the two cannot drift apart.
 */
import { UserError, type Warning } from '../errors.js';
import type { RawDump } from '../dump/tables.js';
import { NO_EXTRAS, type ReleaseExtras } from '../dump/extras/read-extras.js';
import { buildPfm, type PfmCells } from './pfm.js';
import { StopAtFirst, type Problems } from './problems.js';
import { eachRow, groupByKey } from './rows.js';
import { releaseIdentity, type IdentityOptions, type ReleaseSource } from './release-identity.js';
import { readTffms } from './tffms.js';
import type { Annotation, Matrix, Release, Species } from './types.js';
import { checkName, checkOneLine, checkSegment, LINE_TAGS } from './values.js';

const LINE_TAG_SET: ReadonlySet<string> = new Set(LINE_TAGS);

export interface BuildModelOptions extends IdentityOptions {
  /** Where problems go; default: throw the first fatal one, keep warnings. */
  readonly problems?: Problems;
  /** Binding sites and TFFM files shipped beside the tables. */
  readonly extras?: ReleaseExtras;
}

export interface ModelResult {
  readonly release: Release;
  /** Where the release year came from (release-identity.ts); null when none was found. */
  readonly yearFrom: ReleaseSource | null;
  /** Warnings found (also sent to `options.problems`, when given). */
  readonly warnings: readonly Warning[];
}

/** Passes problems on, keeping a copy of the warnings for the result. */
function recording(target: Problems, warnings: Warning[]): Problems {
  return {
    fatal: (error) => target.fatal(error),
    warn: (warning) => {
      warnings.push(warning);
      target.warn(warning);
    },
  };
}

/** Turn a raw dump into the release model. With the default problems, throws UserError on what cannot be built. */
export function buildRelease(dump: RawDump, options: BuildModelOptions = {}): ModelResult {
  const warnings: Warning[] = [];
  const extras = options.extras ?? NO_EXTRAS;
  const problems = recording(options.problems ?? new StopAtFirst(), warnings);
  const { info, yearFrom } = releaseIdentity(dump, options, problems);
  const matrixTable = dump.tables.MATRIX;
  if (!matrixTable)
    problems.fatal(new UserError(`no MATRIX table found; the dump was read as ${dump.shape}`, { file: dump.name }));
  else if (matrixTable.rows.length === 0)
    problems.fatal(new UserError('MATRIX table has no rows', { file: matrixTable.file, table: 'MATRIX' }));

  const taxNames = new Map<string, string | null>();
  eachRow(dump.tables.TAX, problems, (c) => void taxNames.set(c.text(0, 'TAX_ID'), c.nullableText(1)));
  const annotations = groupByKey<Annotation>(dump.tables.MATRIX_ANNOTATION, problems, (c) => {
    const key = c.integer(0, 'ID');
    const tag = c.text(1, 'TAG');
    const value = c.nullableText(2) ?? '';
    // A tax group names the folder of its list (/api/v1/taxon/<group>/); the tags TRANSFAC
    // writes are lines of its answers.
    if (tag === 'tax_group' && value !== '') checkSegment(value, 'tax_group', c, 'tax groups');
    if (LINE_TAG_SET.has(tag)) checkOneLine(value, tag, c, 'the TRANSFAC answers');
    return [key, { tag, value }];
  });
  const proteins = groupByKey<string>(dump.tables.MATRIX_PROTEIN, problems, (c) => [
    c.integer(0, 'ID'),
    checkOneLine(c.text(1, 'ACC'), 'ACC', c, 'the TRANSFAC answers'),
  ]);
  const species = groupByKey<Species>(dump.tables.MATRIX_SPECIES, problems, (c) => {
    // The folder of its species list, /api/v1/species/<tax id>/.
    const taxId = checkSegment(c.text(1, 'TAX_ID'), 'TAX_ID', c, 'tax ids');
    return [c.integer(0, 'ID'), { taxId, name: taxNames.get(taxId) ?? null }];
  });
  const data = groupByKey<PfmCells>(dump.tables.MATRIX_DATA, problems, (c) => [
    c.integer(0, 'ID'),
    { row: c.text(1, 'row letter'), col: c.integer(2, 'column'), val: c.number(3, 'value'), reader: c },
  ]);

  const matrices: Matrix[] = [];
  const seenKeys = new Map<number, number>();
  const seenIds = new Map<string, number>();
  // Keys of every MATRIX row, even one rejected below, so its data is not also called orphaned.
  const listed = new Set<number>();
  eachRow(matrixTable, problems, (c) => {
    const key = c.integer(0, 'ID');
    listed.add(key);
    const baseId = checkSegment(c.text(2, 'BASE_ID'), 'BASE_ID', c);
    const version = c.integer(3, 'VERSION');
    const collection = checkSegment(c.text(1, 'COLLECTION'), 'COLLECTION', c);
    const name = checkName(c.text(4, 'NAME'), 'NAME', c);
    const matrixId = `${baseId}.${version}`;
    if (seenKeys.has(key)) c.fail(`duplicate MATRIX ID ${key} (first on line ${seenKeys.get(key)})`);
    if (seenIds.has(matrixId)) c.fail(`duplicate matrix ${matrixId} (first on line ${seenIds.get(matrixId)})`);
    const line = c.place().line ?? 0;
    seenKeys.set(key, line);
    seenIds.set(matrixId, line);
    const cells = data.get(key) ?? [];
    if (cells.length === 0) {
      problems.warn({
        message: `matrix ${matrixId} (ID ${key}) has no MATRIX_DATA rows; it is published with an empty PFM`,
        place: c.place(),
      });
    }
    const pfm = buildPfm(matrixId, cells, problems);
    matrices.push({
      key,
      matrixId,
      baseId,
      version,
      collection,
      name,
      pfm,
      annotations: annotations.get(key) ?? [],
      uniprotIds: proteins.get(key) ?? [],
      species: species.get(key) ?? [],
      sites: extras.sites.get(matrixId) ?? null,
    });
  });
  matrices.sort((a, b) => a.key - b.key);

  for (const [key, rows] of data) {
    if (listed.has(key)) continue;
    const first = rows[0] as PfmCells;
    problems.warn({
      message: `MATRIX_DATA rows for ID ${key}, which is not in MATRIX, are ignored`,
      place: first.reader.place(),
    });
  }

  const tffms = readTffms(dump.tables.TFFM, new Set(matrices.map((m) => m.matrixId)), problems);
  const known = new Set(matrices.map((m) => m.matrixId));
  for (const id of extras.sites.keys()) {
    if (!known.has(id))
      problems.warn({
        message: `binding sites for ${id}, which is not in the release, are ignored`,
        place: { file: `sites/${id}` },
      });
  }
  const release: Release = {
    info,
    matrices,
    tffms,
    tffmFiles: extras.tffmFiles,
    ...(extras.shipped ? { shipped: extras.shipped } : {}),
  };
  return { release, yearFrom, warnings };
}
