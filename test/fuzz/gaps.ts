/**
 * What the fuzz test found that a host answers outside the contract, host by host, each
 * matched narrowly. They are the hosts' own answers, before or around the emitted
 * configuration (nginx's and Apache's built-in error pages, CloudFront refusing methods at
 * the edge), not crashes or leaks, which are never tolerated. Each entry must still occur in
 * the run (the test fails otherwise): when an adapter is fixed, its entry goes. The dev
 * server has none. None applies under /api/ (every error there is the contract's JSON), except
 * the platforms' edges, which refuse methods before any code of ours runs: CloudFront's and the
 * Workers runtime's.
 */
import type { Answer, Request } from '../conformance/hosts/http.js';

export interface Gap {
  readonly host: string;
  /** What happens and why, for the report. */
  readonly what: string;
  /** A gap that may also occur under /api/ (only a platform's edge, which answers before any code of ours runs). */
  readonly api?: true;
  matches(req: Request, a: Answer): boolean;
}

const STANDARD = ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'DELETE', 'PATCH'];
const isApi = (req: Request) => /^\/api(\/|$|\?)/.test(req.target);
const html = (a: Answer) => /^text\/html/.test(a.headers['content-type'] ?? '');

export const GAPS: readonly Gap[] = [
  {
    host: 'nginx',
    what: "a folder of the site outside /api/ named without its slash (/files, /static) answers 301 to add it (nginx's static module, outside the include's locations), instead of 404",
    matches: (req, a) => a.status === 301 && !isApi(req),
  },
  {
    host: 'apache',
    what: "a non-ASCII path below /files/default/json/ gets Apache's own 404 page (HTML) instead of the ErrorDocument",
    matches: (req, a) => a.status === 404 && html(a) && req.target.startsWith('/files/'),
  },
  {
    host: 'cloudfront',
    api: true,
    what: 'CloudFront refuses with 403 a method no cache behavior allows: any method outside GET HEAD OPTIONS PUT POST PATCH DELETE, and outside /api/ anything but GET and HEAD (the default behavior)',
    matches: (req, a) =>
      a.status === 403 &&
      (!STANDARD.includes(req.method) || (!isApi(req) && req.method !== 'GET' && req.method !== 'HEAD')),
  },
  {
    host: 'cloudflare',
    api: true,
    what: 'a method the Workers runtime does not know gets its own 501 (text/plain) before the Worker runs (Cloudflare documents it: error 501)',
    matches: (req, a) =>
      a.status === 501 && !STANDARD.includes(req.method) && /^text\/plain/.test(a.headers['content-type'] ?? ''),
  },
];

/** The gap of `host` an answer falls under, if any. */
export const gapFor = (host: string, req: Request, a: Answer): Gap | undefined =>
  GAPS.find((g) => g.host === host && (g.api === true || !isApi(req)) && g.matches(req, a));
