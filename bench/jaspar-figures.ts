/**
 * JASPAR's own code's throughput on the classes bench:hosts measures, as recorded on this
 * machine (JASPAR's 2018 Django code on gunicorn with two workers, JASPAR2018, autocannon with
 * 16 connections): quiet by issue 35, beside a CPU-bound job on both cores by issue 47. That code
 * is not part of this project, so the benchmark reads the figures from here; where a class has
 * no figure under load the quiet one stands in, which only makes the ratio stricter (the code
 * loses throughput under load). Ratios are taken against the highest figure of a range.
 */

/** req/s: quiet, and the highest figure of the range measured under load (null: not measured). */
export interface JasparFigure {
  readonly quiet: number;
  readonly loaded: number | null;
}

/** By the path bench:hosts requests (the same request on JASPAR's code). */
export const JASPAR_FIGURES: { readonly [path: string]: JasparFigure } = {
  '/api/v1/matrix/?page=3&order=-name': { quiet: 205, loaded: 250 },
  '/api/v1/matrix/MA0004.1/?format=meme': { quiet: 81, loaded: null },
  '/api/v1/matrix/?search=FOX&page_size=100': { quiet: 160, loaded: 192 },
};

/** The figure a ratio is taken against in a condition: the loaded one where measured, else the quiet one. */
export function jasparFigure(path: string, loaded: boolean): number | null {
  const f = JASPAR_FIGURES[path];
  if (f === undefined) return null;
  return loaded && f.loaded !== null ? f.loaded : f.quiet;
}
