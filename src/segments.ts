/**
 * Ids and names from a dump become file names and URL segments, so they are checked against
 * the one safe alphabet every host passes through unchanged (contract §7); the model refuses a
 * dump value that is not one (src/model/values.ts).
 */
export const SAFE_SEGMENT = /^[A-Za-z0-9._-]+$/;

/** True when `s` can be used as one path segment of the output. */
export function isSafeSegment(s: string): boolean {
  return SAFE_SEGMENT.test(s) && s !== '.' && s !== '..';
}
