/**
 * The CLI entry point: the only place that prints errors and sets the exit code.
 */
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { UserError } from '../errors.js';
import { FORMAT_NAMES } from '../api/formats.js';
import { HOST_TARGETS } from '../hosts/targets.js';
import { DEFAULT_PAGE_SIZES } from '../routes/generate.js';
import { PREBUILT_FILTERS } from '../api/resources.js';
import { runBuild } from './build-command.js';
import { runFetch } from './fetch-command.js';
import { runInspect } from './inspect-command.js';
import { runServe } from './serve-command.js';

export const DEFAULT_DUMP = 'releases/sample';
export const DEFAULT_OUT = 'dist';
export const DEFAULT_BASE_URL = 'http://127.0.0.1:8080';
const DUMP_ARGUMENT = 'release dump: a folder of flat-file tables, a .sql or .sql.gz dump, or a .sqlite database';

function integer(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('not a whole number');
  return Number(value);
}

function list<T extends string>(allowed: readonly T[], what: string) {
  return (value: string): T[] => {
    const items = value.split(',').map((s) => s.trim()).filter(Boolean);
    for (const item of items) {
      if (!(allowed as readonly string[]).includes(item)) throw new InvalidArgumentError(`unknown ${what} "${item}" (choose from ${allowed.join(', ')})`);
    }
    return items as T[];
  };
}

function pageSizes(value: string): number[] {
  if (value === 'none') return [];
  return value.split(',').map((v) => {
    const n = integer(v.trim());
    if (n < 1) throw new InvalidArgumentError('page sizes must be positive');
    return n;
  });
}

/** A comma list, or `all` (null: everything) or `none` (empty). */
function choice(value: string): string[] | null {
  if (value === 'all') return null;
  if (value === 'none') return [];
  return value.split(',').map((s) => s.trim()).filter(Boolean);
}

export function program(): Command {
  const cmd = new Command('jaspar-static')
    .description('Build a complete, static, prebuilt copy of JASPAR\'s REST API (/api/v1) from a release dump, and serve it.')
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) });

  cmd
    .command('build')
    .description('build the static API from a release dump into a site folder')
    .argument('[dump]', DUMP_ARGUMENT, DEFAULT_DUMP)
    .option('-o, --out <dir>', 'output site folder (replaced atomically when the build succeeds)', DEFAULT_OUT)
    .option('-b, --base-url <url>', 'absolute address the site is served from, used in links', DEFAULT_BASE_URL)
    .option('-r, --release <year>', 'release year, for layouts that changed between releases (default: from the dump name)', integer)
    .addOption(new Option('-f, --formats <list>', `formats to build, comma-separated (${FORMAT_NAMES.join(',')})`).argParser(list(FORMAT_NAMES, 'format')).default([...FORMAT_NAMES], 'all'))
    .addOption(new Option('--page-sizes <list>', `page_size values to prebuild besides the default 10 (e.g. ${DEFAULT_PAGE_SIZES.join(',')}); "none" for only the default`).argParser(pageSizes).default([...DEFAULT_PAGE_SIZES], DEFAULT_PAGE_SIZES.join(',')))
    .addOption(new Option('--orders <list>', 'order fields to prebuild (each ascending and descending), or "all" / "none"').argParser(choice).default(null, 'all'))
    .addOption(new Option('--filters <list>', `matrix-list filters to prebuild (${PREBUILT_FILTERS.map((f) => f.key).join(',')}), or "all" / "none"`).argParser(choice).default(null, 'all'))
    .option('--filter-orders', 'also prebuild every order of every filtered list (many more files)', false)
    .option('--compact', 'for hosts that run the request runtime only (nginx, netlify-edge, cloudflare, the dev server): fragments and index, no prebuilt pages; configures those hosts unless --targets is given, and refuses the others (docs/runtime.md)', false)
    .addOption(new Option('-t, --targets <list>', `hosts to write configuration for (${HOST_TARGETS.join(',')})`).argParser(list(HOST_TARGETS, 'target')).default([...HOST_TARGETS], 'all'))
    .option('--deploy-dir <dir>', 'folder for host configuration that must not be served (nginx, Apache, CloudFront; default: <out>.deploy)')
    .action(runBuild);

  cmd
    .command('inspect')
    .description('report what a release dump holds (tables, collections, lists and pages) and every problem in it')
    .argument('[dump]', DUMP_ARGUMENT, DEFAULT_DUMP)
    .option('-r, --release <year>', 'release year (default: from the dump name)', integer)
    .option('--json', 'print the report as JSON')
    .action(runInspect);

  cmd
    .command('fetch')
    .description("download JASPAR's official SQL dump of a release")
    .argument('<year>', 'release year, e.g. 2024')
    .option('-u, --url <url>', 'download from this address instead (default: https://jaspar.elixir.no/download/database/JASPAR<year>.sql.gz)')
    .option('-o, --out <dir>', 'folder to save into (default: releases/JASPAR<year>)')
    .action(runFetch);

  cmd
    .command('serve')
    .description('serve a built site exactly as the hosted copy answers')
    .argument('[dir]', 'built site folder', DEFAULT_OUT)
    .option('-p, --port <port>', 'port', integer, 8080)
    .option('-H, --host <host>', 'address to listen on', '127.0.0.1')
    .action(runServe);
  return cmd;
}

/** Run the CLI; returns the exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  try {
    await program().parseAsync(argv as string[]);
    return 0;
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode;
    if (err instanceof UserError) {
      process.stderr.write(`jaspar-static: error: ${err.format()}\n`);
      return 1;
    }
    if (err instanceof Error && err.name === 'AbortError') {
      process.stderr.write('jaspar-static: interrupted; the previous site is unchanged\n');
      return 130;
    }
    process.stderr.write(`jaspar-static: internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    return 70;
  }
}
