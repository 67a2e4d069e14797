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

/**
 * Whether every `/`-separated segment of `path` is safe ({@link isSafeSegment}: one or more of
 * `A-Za-z0-9._-`, neither `.` nor `..`), in one pass over its characters: asked for every file a
 * build writes (src/output/sink.ts), the segments split out and matched each cost some 0.1 s a build (issue 46).
 */
export function isSafePath(path: string): boolean {
  const n = path.length;
  let start = 0;
  for (let i = 0; i <= n; i++) {
    const c = i < n ? path.charCodeAt(i) : 47;
    if (c === 47) {
      const length = i - start;
      if (length === 0) return false;
      if (path.charCodeAt(start) === 46 && (length === 1 || (length === 2 && path.charCodeAt(start + 1) === 46)))
        return false;
      start = i + 1;
    } else if (
      !((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 46 || c === 95 || c === 45)
    )
      return false;
  }
  return true;
}
