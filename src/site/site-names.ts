/**
 * The names a build writes at the top of a site, whatever its options: `--force` replaces a
 * folder only when it holds nothing else (replace-guard.ts), so a folder of other files is never
 * taken for a site. A build that writes a new top-level name adds it here; the guard's tests
 * build every kind of site and check that each of its names is listed.
 */
import { DATA_DIR } from '../routes/site-data.js';
import { API_PREFIX } from '../api/urls.js';
import { FILES_ROOT, PROFILE_ROOT, RELEASES_ROOT } from '../routes/paths.js';
import { manifestFile } from './manifest.js';
import { DOWNLOAD_ROOT } from '../download/media.js';
import { PORTAL_TOP_NAMES } from '../portal/paths.js';

const SITE_NAMES: ReadonlySet<string> = new Set([
  API_PREFIX.split('/')[1]!,
  FILES_ROOT,
  RELEASES_ROOT,
  DATA_DIR,
  DOWNLOAD_ROOT,
  'static',
  // The web site's profile pages, /matrix/<id>/, and its other pages (src/portal/paths.ts).
  PROFILE_ROOT,
  ...PORTAL_TOP_NAMES,
  'index.html',
  '404.html',
  manifestFile,
  // Host files the build puts inside the site (Netlify, Cloudflare).
  '_headers',
  '_redirects',
  '_worker.js',
  '.assetsignore',
]);

/** Whether a build could have written `name` at the top of a site (precompressed copies included). */
export const siteWrites = (name: string): boolean => SITE_NAMES.has(name.replace(/\.(gz|br)$/, ''));
