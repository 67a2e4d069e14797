/** The API's path prefix: every URL of the API starts with it (contract §2). */
export const API_PREFIX = '/api/v1/';

/** Absolute URLs that appear inside API responses (contract §3–4). `base` has no trailing slash. */
export const apiUrl = (base: string, path: string): string => `${base}${API_PREFIX}${path}`;
export const matrixUrl = (base: string, matrixId: string): string => apiUrl(base, `matrix/${matrixId}/`);
export const tffmUrl = (base: string, tffmId: string): string => apiUrl(base, `tffm/${tffmId}/`);
export const logoUrl = (base: string, matrixId: string): string => `${base}/static/logos/svg/${matrixId}.svg`;
/** As live: no trailing slash. */
export const versionsUrl = (base: string, baseId: string): string => apiUrl(base, `matrix/${baseId}/versions`);
export const tffmFileUrl = (base: string, tffmId: string, file: string): string =>
  `${base}/static/TFFM/${tffmId}/${file}`;
