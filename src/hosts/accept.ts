/**
 * Content negotiation, defined once (contract §6) as two regular expressions so that every
 * host can apply it: the dev server, the CloudFront function and the nginx njs module run them
 * as JavaScript, Apache runs the same patterns in `RewriteCond %{HTTP:Accept}` (PCRE). The
 * patterns use only syntax JavaScript and PCRE read the same way, and contain no spaces (Apache
 * takes them unquoted); both are matched case-insensitively.
 *
 * A request without `format` gets the HTML page when its `Accept` names `text/html` (not with
 * `q=0`) and does not name `application/json`; everything else gets JSON. Browsers send
 * `text/html,…,*\/*;q=0.8`; API clients send `*\/*`, nothing, or name JSON. DRF itself ignores
 * q-values, so comparing them is not needed to answer as JASPAR does.
 */

/** The format whose files are the browsable HTML pages. */
export const HTML_FORMAT = 'api';
/** The query parameter naming the format; negotiation fills it in when absent. */
export const FORMAT_PARAM = 'format';

/** `Accept` names JSON: the client gets JSON whatever else it lists. */
export const ACCEPT_JSON = '(^|,)\\s*application/json\\s*(;|,|$)';
/** `Accept` names HTML with a non-zero quality. */
export const ACCEPT_HTML = '(^|,)\\s*text/html\\s*(,|$|;(?!\\s*q=0(\\.0*)?\\s*(,|$)))';

const JSON_RE = new RegExp(ACCEPT_JSON, 'i');
const HTML_RE = new RegExp(ACCEPT_HTML, 'i');

/** True when a request without `format` should get the HTML page. */
export function prefersHtml(accept: string | undefined): boolean {
  return accept !== undefined && !JSON_RE.test(accept) && HTML_RE.test(accept);
}

/** The HTML format when the build has it (negotiation only picks a format that was built). */
export function htmlFormatOf(formats: readonly string[]): string | null {
  return formats.includes(HTML_FORMAT) ? HTML_FORMAT : null;
}
