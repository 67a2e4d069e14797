/**
 * How every host reads a request's path and query string (the semantics of the rule table,
 * measured on Netlify's engine where it can be, contract §7):
 * - parameters are split on `&`; the name is compared as sent (Netlify does not decode names);
 *   the value is form-decoded (`+` is a space, `%XX` decoded);
 * - a repeated name counts with its last value; a name without `=` is present with an empty
 *   value (as DRF reads it; Netlify ignores such a name, see docs/deploy.md);
 * - the path is split on `/` and each segment percent-decoded; one trailing slash is allowed,
 *   any other empty segment stays and matches no rule.
 * The ES5 runtime (runtime-source.ts) implements the same steps for CloudFront and nginx.
 */

/** Query parameters, last value of a repeated name winning. */
export function parseQuery(search: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of search.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const key = eq === -1 ? part : part.slice(0, eq);
    const raw = eq === -1 ? '' : part.slice(eq + 1);
    // URLSearchParams decodes leniently (a bad escape stays as it is), like a form parser.
    out.set(key, new URLSearchParams(`v=${raw}`).get('v') ?? '');
  }
  return out;
}

/**
 * Decoded path segments without the leading empty one and one trailing empty one; null when a
 * segment's percent-encoding is malformed (→ 400).
 */
export function parsePath(pathname: string): string[] | null {
  const parts = pathname.split('/');
  if (parts[0] === '') parts.shift();
  if (parts.length > 0 && parts.at(-1) === '') parts.pop();
  const out: string[] = [];
  for (const raw of parts) {
    try {
      out.push(decodeURIComponent(raw));
    } catch {
      return null;
    }
  }
  return out;
}
