/** `jaspar-static fetch <year>`: downloads JASPAR's official dump of a release. */
import { basename, join } from 'node:path';
import { UserError } from '../errors.js';
import { download } from '../fetch/download.js';
import { progressTo } from '../fetch/progress.js';

/** Where JASPAR publishes each release's SQL dump. */
export const dumpUrl = (year: number): string => `https://jaspar.elixir.no/download/database/JASPAR${year}.sql.gz`;

interface FetchFlags {
  url?: string;
  out?: string;
}

/** The file the download is saved as: the URL's last path segment, or JASPAR<year>.sql.gz. */
export function targetFile(url: string, year: number, outDir: string): string {
  let name = '';
  try {
    name = decodeURIComponent(basename(new URL(url).pathname));
  } catch {
    throw new UserError('not a valid URL', { text: url });
  }
  return join(outDir, /^[A-Za-z0-9._-]+$/.test(name) ? name : `JASPAR${year}.sql.gz`);
}

export async function runFetch(yearText: string, flags: FetchFlags): Promise<void> {
  if (!/^(19|20)\d\d$/.test(yearText))
    throw new UserError('release year must be four digits, e.g. 2024', { text: yearText });
  const year = Number(yearText);
  const url = flags.url ?? dumpUrl(year);
  const dest = targetFile(url, year, flags.out ?? join('releases', `JASPAR${year}`));
  const controller = new AbortController();
  const onSignal = () => controller.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    process.stderr.write(`downloading ${url}\n`);
    const result = await download(url, dest, {
      progress: progressTo(process.stderr, 'fetch'),
      signal: controller.signal,
    });
    process.stdout.write(
      `saved ${result.path}: ${result.bytes} bytes (${(result.bytes / 1e6).toFixed(1)} MB)\nsha256 ${result.sha256}\n`,
    );
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
