/** The domain model, built once from a dump and shared read-only by every renderer. */

import type { ShippedFiles } from '../dump/extras/shipped.js';
import type { MatrixSites } from '../dump/extras/sites.js';

export const BASES = ['A', 'C', 'G', 'T'] as const;
export type Base = (typeof BASES)[number];

/** Counts per base, one value per column, columns in order. All four rows have equal length. */
export type Pfm = Readonly<Record<Base, readonly number[]>>;

export interface Annotation {
  readonly tag: string;
  readonly value: string;
}

export interface Species {
  /** TAX_ID as text: usually digits, but `-` occurs in real data. */
  readonly taxId: string;
  /** From TAX; null when TAX lacks the id. */
  readonly name: string | null;
}

export interface Matrix {
  /** MATRIX.ID, the dump's internal key; the default list order. */
  readonly key: number;
  /** `<baseId>.<version>`, e.g. MA0004.1. */
  readonly matrixId: string;
  readonly baseId: string;
  readonly version: number;
  readonly collection: string;
  readonly name: string;
  readonly pfm: Pfm;
  /** MATRIX_ANNOTATION rows of this matrix, in dump order. */
  readonly annotations: readonly Annotation[];
  /** MATRIX_PROTEIN accessions, in dump order. */
  readonly uniprotIds: readonly string[];
  readonly species: readonly Species[];
  /** Binding sites shipped with the release, or null. */
  readonly sites: MatrixSites | null;
}

export interface Tffm {
  /** TFFM.ID, the dump's internal key; the default list order. */
  readonly key: number;
  /** `<baseId>.<version>`, e.g. TFFM0001.1. */
  readonly tffmId: string;
  readonly baseId: string;
  readonly version: number;
  readonly matrixBaseId: string;
  readonly matrixVersion: number;
  readonly name: string;
  readonly logP1stOrder: number | null;
  readonly logPDetailed: number | null;
  readonly experimentName: string | null;
}

/** What the build knows about the release it serves. */
export interface ReleaseInfo {
  /** `JASPAR<year>` (or `--release-name`); the dump's file or folder name only when no year is known. */
  readonly name: string;
  /** Release year (from --release, the dump's RELEASE table or its name); null when unknown. */
  readonly year: number | null;
}

export interface Release {
  readonly info: ReleaseInfo;
  /** Every matrix, in MATRIX.ID order. */
  readonly matrices: readonly Matrix[];
  /** Every TFFM, in TFFM.ID order. */
  readonly tffms: readonly Tffm[];
  /** Model files shipped with the release: TFFM id → file name → absolute path. */
  readonly tffmFiles: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /** The dump file and per-matrix files the release folder ships, copied into the download area (absent: none). */
  readonly shipped?: ShippedFiles;
  /**
   * The dump's tables as the bytes of an SQLite database, which the build writes when the dump is
   * not one (flat tables, SQL): the download area's `JASPAR<y>.sqlite` (contract §9).
   */
  readonly sqlite?: Uint8Array;
}
