/**
 * Ids and names from a dump become file names and URL segments, so they are checked against
 * the one safe alphabet every host passes through unchanged (contract §7).
 */
export const SAFE_SEGMENT = /^[A-Za-z0-9._-]+$/;

/** True when `s` can be used as one path segment of the output. */
export function isSafeSegment(s: string): boolean {
  return SAFE_SEGMENT.test(s) && s !== '.' && s !== '..';
}

interface Failer {
  fail(message: string, text?: string): never;
}

/** Return `value` if it is a safe path segment, else fail at the row's place. */
export function checkSegment(value: string, column: string, at: Failer): string {
  if (!isSafeSegment(value)) {
    at.fail(`${column} "${value}" cannot be published: ids must use only A-Z a-z 0-9 . _ -`, value);
  }
  return value;
}
