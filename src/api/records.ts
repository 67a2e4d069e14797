/**
 * The API's records as DRF serialises them (contract §3–4): key order, ints vs floats and
 * strings exactly as the live service. Pure functions of the model.
 */
import { pyFloatRepr as pyStr } from './numbers.js';
import { float, floatOrNull, type Json, type JsonObject } from '../model/json.js';
import type { Matrix, Tffm } from '../model/types.js';
import { annotationFields } from './annotations.js';
import { logoUrl, matrixUrl, tffmFileUrl, tffmUrl, versionsUrl } from './urls.js';

/** Matrix list record; `version` is a string here, an integer in versions lists. */
export function matrixListRecord(m: Matrix, base: string, versionAsInt = false): JsonObject {
  return {
    matrix_id: m.matrixId,
    name: m.name,
    collection: m.collection,
    base_id: m.baseId,
    version: versionAsInt ? m.version : String(m.version),
    sequence_logo: logoUrl(base, m.matrixId),
    url: matrixUrl(base, m.matrixId),
  };
}

/** A tax id as the API shows it: an integer when all digits, else the text (`-` occurs). */
export const taxIdJson = (taxId: string): Json => (/^\d+$/.test(taxId) ? Number(taxId) : taxId);

/** Species as the detail shows them. */
function speciesJson(m: Matrix): Json[] {
  return m.species.map((s) => ({ tax_id: taxIdJson(s.taxId), name: s.name }));
}

function tffmInMatrix(t: Tffm, base: string): JsonObject {
  return {
    tffm_id: t.tffmId,
    base_id: t.baseId,
    version: t.version,
    log_p_1st_order: floatOrNull(t.logP1stOrder),
    log_p_detailed: floatOrNull(t.logPDetailed),
    experiment_name: t.experimentName,
    tffm_url: tffmUrl(base, t.tffmId),
  };
}

/** Matrix detail (contract §4). `tffm` is the TFFM trained on this matrix, if any. */
export function matrixDetail(m: Matrix, base: string, tffm: Tffm | undefined, sitesUrl: string | null): JsonObject {
  const out: Record<string, Json> = {
    matrix_id: m.matrixId,
    name: m.name,
    base_id: m.baseId,
    version: m.version,
    collection: m.collection,
    sequence_logo: logoUrl(base, m.matrixId),
    versions_url: versionsUrl(base, m.baseId),
    sites_url: sitesUrl,
    pfm: {
      A: m.pfm.A.map(float),
      C: m.pfm.C.map(float),
      G: m.pfm.G.map(float),
      T: m.pfm.T.map(float),
    },
  };
  // Python dict semantics: re-assigning an existing key keeps its first position.
  for (const [key, value] of annotationFields(m.annotations)) out[key] = value;
  const tail: [string, Json][] = [
    ['uniprot_ids', [...m.uniprotIds]],
    ['species', speciesJson(m)],
    ['tffm', tffm ? tffmInMatrix(tffm, base) : null],
  ];
  for (const [key, value] of tail) out[key] = value;
  return out;
}

const logP = (v: number | null): string | null => (v === null ? null : pyStr(v));

/** TFFM list record (contract §3), quirks included: `matrix_url` is built from the TFFM id. */
export function tffmListRecord(t: Tffm, base: string): JsonObject {
  return {
    tffm_id: t.tffmId,
    name: t.name,
    base_id: t.baseId,
    version: String(t.version),
    matrix_base_id: t.matrixBaseId,
    matrix_version: String(t.matrixVersion),
    matrix_id: `${t.matrixBaseId}.${t.matrixVersion}`,
    tffm_url: tffmUrl(base, t.tffmId),
    matrix_url: matrixUrl(base, t.tffmId),
    log_p_1st_order: logP(t.logP1stOrder),
    log_p_detailed: logP(t.logPDetailed),
    experiment_name: t.experimentName,
  };
}

/** Which TFFM model files a release ships, per TFFM id (none until issue-level support lands). */
export interface TffmFiles {
  has(tffmId: string, file: string): boolean;
}

const TFFM_KINDS = [
  ['first_order', 'logP1stOrder'],
  ['detailed', 'logPDetailed'],
] as const;

/** TFFM detail (contract §4); file links are null unless the release ships the files. */
export function tffmDetail(t: Tffm, base: string, files: TffmFiles): JsonObject {
  const out: Record<string, Json> = {
    tffm_id: t.tffmId,
    base_id: t.baseId,
    version: t.version,
    matrix_base_id: t.matrixBaseId,
    matrix_id: `${t.matrixBaseId}.${t.matrixVersion}`,
    matrix_url: matrixUrl(base, `${t.matrixBaseId}.${t.matrixVersion}`),
    matrix_version: t.matrixVersion,
    experiment_name: t.experimentName,
  };
  for (const [kind, field] of TFFM_KINDS) {
    const link = (file: string): string | null =>
      files.has(t.tffmId, file) ? tffmFileUrl(base, t.tffmId, file) : null;
    out[kind] = {
      log_p: floatOrNull(t[field]),
      dense_logo: link(`TFFM_${kind}_trained_dense_logo.svg`),
      summary_logo: link(`TFFM_${kind}_trained_summary_logo.svg`),
      hits: link(`TFFM_${kind}_trained.hits.svg`),
      xml: link(`TFFM_${kind}_trained.xml`),
    };
  }
  return out;
}
