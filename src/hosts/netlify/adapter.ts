/**
 * Netlify adapter (`_redirects` alone, the rules tier; docs/hosting.md): the rule groups as
 * `_redirects` lines and `_headers` (Content-Type per output folder and per name ending in the
 * download area, Vary, CORS; Netlify ignores `Allow`). Semantics measured on Netlify's own
 * engine (contract §7): query values match case-sensitively, `:name` binds any value (empty
 * too) and is written into the target percent-encoded, first match wins, a rule that is not
 * forced loses to a file at the request path. Hence:
 * - groups are expanded to one rule per literal value (flat-rules.ts), closed keys (`order`,
 *   `page_size`) bound into the target: a value naming no prebuilt file finds none;
 * - Netlify cannot read `Accept` (no negotiation, no 406) and cannot match part of a segment:
 *   a detail's suffix form (`/api/v1/matrix/MA0004.1.jaspar`) is a copy the build writes at
 *   that path (paths.ts, `suffixAliasFile`), so the rules of such paths are not forced, except
 *   the refusal of a release, which the suffix does not lift;
 * - every error with its own body is a rule to an error file (`files/errors/<name>.json`); a
 *   rewrite to a missing file gets Netlify's one 404 body, `/404.html` (`Not found.`).
 */
import { NOT_SERVED } from '../../runtime/resolve.js';
import { API_PREFIX } from '../../routes/paths.js';
import { API_DOCUMENTS, type ApiDocument, type DocumentVariant } from '../../api/documents.js';
import { flatRules, type FlatCondition, type FlatRule } from '../../hosting/rules/flat-rules.js';
import { ruleGroups } from '../../hosting/rules/derive-groups.js';
import { groupErrors, type Group, type PathForm } from '../../hosting/rules/groups.js';
import { errorFile, errorFiles, NOT_FOUND_ERROR, UNOFFERED_ERRORS } from '../../hosting/rules/host-errors.js';
import { ID_PLACEHOLDER } from '../../hosting/rules/group-targets.js';
import type { SiteConfig } from '../../routes/site-data.js';
import type { HostAdapter, HostFile, SiteFacts } from '../../hosting/adapter.js';
import { netlifyHeaders } from '../../hosting/netlify-headers.js';
import { PROFILE_ROOT } from '../../routes/paths.js';
import { LANDING_FILE } from '../../formats/html/runtime-safe/links.js';
import { OLD_LINKS } from '../../portal/paths.js';

export { netlifyDownloadType, netlifyHeaders } from '../../hosting/netlify-headers.js';

/** The files Netlify reads from the site (it does not serve them). */
export const NETLIFY_SITE_FILES = ['_redirects', '_headers'] as const;

/** Whether a path form ends in its parameter, so that its suffix form is a copy of the response (paths.ts). */
const endsInParameter = (form: PathForm): boolean => form.segments[form.segments.length - 1] === ID_PLACEHOLDER;

function fromPath(form: PathForm): string {
  const path = `${API_PREFIX}${form.segments.join('/')}`.replace(/\/$/, '');
  return form.suffix === null ? path : `${path}.${form.suffix}`;
}

const queryPart = (query: readonly FlatCondition[]): string =>
  query.map((q) => ('value' in q ? `${q.key}=${q.value}` : `${q.key}=:${q.bind}`)).join(' ');

/** A rule's conditions: `format=<name>` where its group is chosen by the query, then its keys'. */
const conditions = (rule: FlatRule): readonly FlatCondition[] =>
  rule.format !== null && rule.format.by === 'query'
    ? [{ key: 'format', value: rule.format.format }, ...rule.query]
    : rule.query;

/**
 * A rule's query placeholders renamed `:qa`, `:qb`, …: Netlify's engine fills a target's
 * placeholders by plain text replacement, so `:page` would also rewrite the start of
 * `:page_size` (found by the conformance suite: `page=last&page_size=100` named `last_size/`).
 * Names of one length, none a prefix of another (nor of `:id`).
 */
function renamed(query: readonly FlatCondition[], target: string): { query: FlatCondition[]; target: string } {
  let to = target;
  const out = query.map((q, i) => {
    if (!('bind' in q)) return q;
    const name = `q${String.fromCharCode(97 + i)}`;
    to = to.replace(new RegExp(`:${q.bind}(?![a-z_])`, 'g'), `:${name}`);
    return { key: q.key, bind: name };
  });
  return { query: out, target: to };
}

/** One `_redirects` line. On a form whose suffix form is a copy, only a release refusal is forced. */
function line(rule: FlatRule): string {
  const copies = rule.form.suffix === null && endsInParameter(rule.form);
  const o = rule.outcome;
  const forced = !copies || (o.kind === 'refuse' && rule.group.kind === 'serve');
  const { query, target } = renamed(conditions(rule), o.kind === 'serve' ? o.target : `/${errorFile(o.error)}`);
  return [fromPath(rule.form), queryPart(query), target, `${o.kind === 'serve' ? 200 : 404}${forced ? '!' : ''}`]
    .filter(Boolean)
    .join('  ');
}

/**
 * The variant Netlify serves when no `format` is named: Netlify's rules cannot read Accept, so a
 * document negotiated by Accept (`/api/v1/docs/`, `/api/v1/doc/`) serves its Core API variant,
 * which the scripts that load these addresses need; people reach the documentation page by its
 * links and by `?format=api` (docs/hosting.md, "The API's own documents on Netlify").
 */
export const netlifyDefaultVariant = (doc: ApiDocument): DocumentVariant =>
  doc.variants.find((v) => v.accept.length > 0) ?? doc.variants[0]!;

/** The API's own documents (src/api/documents.ts): each variant by `format=`, another format 404, none the default. */
function documentLines(notFound: string): string[] {
  const lines: string[] = [];
  for (const doc of API_DOCUMENTS) {
    const from = `${API_PREFIX}${doc.segment}`;
    for (const v of doc.variants) lines.push(`${from}  format=${v.format}  /${v.file}  200!`);
    lines.push(`${from}  format=:qa  ${notFound}  404!`, `${from}  /${netlifyDefaultVariant(doc).file}  200!`);
  }
  return lines;
}

/**
 * JASPAR's old addresses (contract §10, src/portal/old-links.ts), as the 2018 `url_redirection`:
 * `ID` to its profile, `db` with `tax_group` to that search (the collection as written: Netlify
 * cannot upper-case it, and the search compares it in upper case), `/html/DOWNLOAD` to the
 * downloads page, else home. Netlify matches query parameters by name (`ID=:id`).
 */
function oldLinkLines(): string[] {
  const out: string[] = [];
  for (const path of OLD_LINKS)
    for (const p of [path, `${path}/`])
      out.push(
        `${p}  ID=:id  /${PROFILE_ROOT}/:id/  301!`,
        `${p}  db=:db  tax_group=:tg  /search/?q=&collection=:db&tax_group=:tg  301!`,
        `${p}  ${path.startsWith('/html/') ? '/downloads/' : '/'}  301!`,
      );
  return out;
}

/** The `_redirects` lines of the groups: configuration files blocked, the API's documents, the groups, a 404 for the rest of the API. */
export function netlifyRedirects(groups: readonly Group[]): string {
  const own = NETLIFY_SITE_FILES.map((f) => `/${f}`);
  const notFound = `/${errorFile(NOT_FOUND_ERROR)}`;
  const lines = ['# Generated by jaspar-static from the rule groups (src/hosting/rules/groups.ts). Do not edit.'];
  for (const path of NOT_SERVED) if (!own.includes(path)) lines.push(`${path}  ${notFound}  404!`);
  lines.push(...oldLinkLines());
  // Endpoints no copy computes: their own refusal, before any group (contract §8.1).
  for (const e of UNOFFERED_ERRORS)
    lines.push(`${e.path}  /${errorFile(e)}  404!`, `${e.path}/*  /${errorFile(e)}  404!`);
  lines.push(...documentLines(notFound));
  for (const rule of flatRules(groups, { bindClosed: true })) {
    if (rule.group.kind === 'refuse' && rule.group.when === 'not-acceptable') continue;
    // A suffix inside a segment: the build writes copies for details; other such forms are not served here.
    if (rule.form.suffix !== null && endsInParameter(rule.form)) continue;
    lines.push(line(rule));
  }
  // The site's /api/ page (also /api) is the API's landing page (src/runtime/resolve.ts).
  for (const path of ['/api', '/api/']) lines.push(`${path}  /${LANDING_FILE}  200!`);
  lines.push(`${API_PREFIX}*  ${notFound}  404!`);
  return `${lines.join('\n')}\n`;
}

/** Netlify lists every combination as a rule: a list's suffix form serves no filter selections there. */
export const NETLIFY_GROUPS = { suffixSelections: false } as const;

/** The Netlify adapter's own files: `_redirects` and `_headers` in the site. */
export function netlifyFiles(groups: readonly Group[], facts: SiteFacts): HostFile[] {
  return [
    { path: NETLIFY_SITE_FILES[0], content: netlifyRedirects(groups) },
    { path: NETLIFY_SITE_FILES[1], content: netlifyHeaders(facts) },
  ];
}

/** The registry's row (src/targets/registry.ts): the rule files and the error files they answer with. */
export const adapter = {
  target: 'netlify',
  tier: 'rules',
  suffixAliases: true,
  files(site: SiteConfig, facts: SiteFacts): HostFile[] {
    const groups = ruleGroups(site, NETLIFY_GROUPS);
    return [...errorFiles(groupErrors(groups, UNOFFERED_ERRORS)), ...netlifyFiles(groups, facts)];
  },
} as const satisfies HostAdapter;
