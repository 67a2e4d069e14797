/**
 * Which release a dump holds (docs/api-decisions.md, "Release identity"): the year from the
 * `--release` option, else the dump's own RELEASE table, else `JASPAR<year>` in the dump's file or
 * folder name; the name is `JASPAR<year>` unless `--release-name` gives one. Nothing else of a
 * file name (`.mysql`, `-flat`) ever reaches the published name, so one release gives the same
 * site in every dump shape.
 */
import type { Place } from '../errors.js';
import { shorten, UserError } from '../errors.js';
import type { RawDump, RawTable } from '../dump/tables.js';
import { CellReader } from './parse-cells.js';
import type { Problems } from './problems.js';
import type { ReleaseInfo } from './types.js';

/** Where a release's year came from. */
export type ReleaseSource = 'option' | 'release table' | 'dump name';

export interface IdentityOptions {
  /** Release year given by the user (`--release`). */
  readonly year?: number | null;
  /** Release name given by the user (`--release-name`). */
  readonly releaseName?: string | null;
}

export interface ReleaseIdentity {
  readonly info: ReleaseInfo;
  /** Where the year came from; null when no year was found anywhere. */
  readonly yearFrom: ReleaseSource | null;
}

const YEAR_IN_NAME = /JASPAR[_-]?((?:19|20)\d\d)(?!\d)/i;

/** Release year from a name such as JASPAR2018, jaspar2018.sqlite or JASPAR_2020-flat; null if none. */
export function yearFromName(name: string): number | null {
  const m = YEAR_IN_NAME.exec(name);
  return m ? Number(m[1]) : null;
}

/** The name a release with this year is published under. */
export const releaseNameOf = (year: number): string => `JASPAR${year}`;

/** The year the RELEASE table names (`JASPAR2020` or `2020`), with its place; null without the table. */
function tableYear(table: RawTable | undefined, problems: Problems): { year: number; place: Place } | null {
  if (!table) return null;
  const [first, second] = table.rows;
  if (!first) {
    problems.fatal(
      new UserError('RELEASE table has no rows; it must name the release, e.g. JASPAR2020', {
        file: table.file,
        table: 'RELEASE',
      }),
    );
    return null;
  }
  const cells = new CellReader(table, first);
  if (second) {
    problems.fatal(
      new UserError(
        `RELEASE table has ${table.rows.length} rows; a dump holds one release`,
        new CellReader(table, second).place(),
      ),
    );
    return null;
  }
  const text = first.cells[0] ?? '';
  const year = /^(19|20)\d\d$/.test(text.trim()) ? Number(text.trim()) : yearFromName(text);
  if (year === null) {
    problems.fatal(
      new UserError(
        `RELEASE NAME "${shorten(text)}" names no release; expected JASPAR<year>, e.g. JASPAR2020`,
        cells.place(text),
      ),
    );
    return null;
  }
  return { year, place: cells.place() };
}

/** The release a dump holds; disagreements between the sources are warnings, the precedence decides. */
export function releaseIdentity(dump: RawDump, options: IdentityOptions, problems: Problems): ReleaseIdentity {
  const fromTable = tableYear(dump.tables.RELEASE, problems);
  // Given through a link, the link's name counts when it names a year, else the real path's:
  // `current -> JASPAR2024/` is JASPAR2024, as its real path is (docs/api-decisions.md).
  const dumpName = yearFromName(dump.name) === null && dump.realName !== undefined ? dump.realName : dump.name;
  const fromName = yearFromName(dumpName);
  const given = options.year ?? null;
  if (fromTable && fromName !== null && fromTable.year !== fromName) {
    problems.warn({
      message: `the RELEASE table names ${releaseNameOf(fromTable.year)} but the dump is named "${shorten(dumpName)}"; the table wins`,
      place: fromTable.place,
    });
  }
  const found = fromTable?.year ?? fromName;
  if (given !== null && found !== null && given !== found) {
    problems.warn({
      message: `--release ${given} differs from the dump's own ${releaseNameOf(found)}; publishing ${releaseNameOf(given)} as asked`,
      place: fromTable?.place ?? { file: dumpName },
    });
  }
  const year = given ?? found;
  const yearFrom: ReleaseSource | null =
    given !== null ? 'option' : fromTable ? 'release table' : fromName !== null ? 'dump name' : null;
  // Without any year the dump's own name is all there is to tell the release by.
  const name = options.releaseName ?? (year === null ? dumpName : releaseNameOf(year));
  return { info: { name, year }, yearFrom };
}
