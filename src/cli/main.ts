/**
 * The CLI entry point: the only place that prints errors and sets the exit code. Every error
 * the user can cause is printed as one line starting with `jaspar-static: error:`, whether
 * commander found it (an unknown option) or our own checks did (a bad value, a bad dump).
 */
import { join } from 'node:path';
import { Argument, Command, CommanderError, Option } from 'commander';
import { UserError } from '../errors.js';
import { COMPACT_TARGETS } from '../targets/registry.js';
import { DEFAULT_PAGE_SIZES } from '../plan/generate.js';
import { runBuild } from './build-command.js';
import { runCheckCommand } from './check-command.js';
import { DEFAULT_DEADLINE_SECONDS } from '../check/run.js';
import { DEFAULT_MAX_READ_MIB } from '../dump/limits.js';
import { FILTER_CHOICES, FORMAT_CHOICES, ORDER_CHOICES, PAGE_SIZE_LIMIT, TARGET_CHOICES } from './choices.js';
import { runFetch } from './fetch-command.js';
import { runInspect } from './inspect-command.js';
import {
  count,
  forRelease,
  httpUrl,
  namesFrom,
  pubmedId,
  pageSizes,
  port,
  positiveNumber,
  releaseName,
  releaseYear,
  seconds,
  selectionFrom,
} from './options.js';
import { DEFAULT_PROGRESS_INTERVAL } from './progress/reporter.js';
import { runServe } from './serve-command.js';
import { packageRoot, packageVersion } from './version.js';

/** The sample release shipped with the package (README, releases/README.md): the dump when none is given, wherever the CLI runs. */
export const DEFAULT_DUMP = join(packageRoot(), 'releases', 'sample');
/** How help shows it. */
const DEFAULT_DUMP_SHOWN = `the sample release shipped with jaspar-static (${DEFAULT_DUMP})`;
export const DEFAULT_OUT = 'dist';
export const DEFAULT_BASE_URL = 'http://127.0.0.1:8080';
const DUMP_ARGUMENT = 'release dump: a folder of flat-file tables, a .sql or .sql.gz dump, or a .sqlite database';
/** The prefix of every error line; commander's own messages already start with `error:`. */
const PREFIX = 'jaspar-static:';

function buildCommand(cmd: Command): void {
  cmd
    .command('build')
    .description(
      'build the static API from a release dump (or several: one site serving each, by ?release=) into a site folder',
    )
    .addArgument(
      new Argument(
        '[dumps...]',
        `${DUMP_ARGUMENT}; several build one site serving each release, for the compute hosts (docs/release-day.md)`,
      ).default([DEFAULT_DUMP], DEFAULT_DUMP_SHOWN),
    )
    .option('-o, --out <dir>', 'output site folder (replaced atomically when the build succeeds)', DEFAULT_OUT)
    .addOption(
      new Option('-b, --base-url <url>', 'absolute http(s) address the site is served from, used in links')
        .argParser(httpUrl('--base-url'))
        .default(DEFAULT_BASE_URL),
    )
    .addOption(
      new Option(
        '-r, --release <year>',
        'release year; names the release JASPAR<year> (default: from the dump, see docs/api-decisions.md); one dump only',
      ).argParser(releaseYear('--release')),
    )
    .addOption(
      new Option(
        '--release-name <name>',
        'name the release is published under (default: JASPAR<year>); one dump only',
      ).argParser(releaseName('--release-name')),
    )
    .addOption(
      new Option(
        '--release-pubmed <id>',
        'PubMed id of the release paper, shown in /api/v1/releases/ (newest release; <year>=<id> for another; repeatable)',
      ).argParser(forRelease('--release-pubmed', pubmedId('--release-pubmed'))),
    )
    .addOption(
      new Option(
        '--release-website <url>',
        'website of the release, shown in /api/v1/releases/ (newest release; <year>=<url> for another; repeatable)',
      ).argParser(forRelease('--release-website', httpUrl('--release-website'))),
    )
    .addOption(
      new Option('-f, --formats <list>', `formats to build, comma-separated (${FORMAT_CHOICES.join(',')}), or "all"`)
        .argParser(namesFrom('--formats', FORMAT_CHOICES, 'format'))
        .default([...FORMAT_CHOICES], 'all'),
    )
    .addOption(
      new Option(
        '--page-sizes <list>',
        `page_size values to prebuild besides the default 10 (e.g. ${DEFAULT_PAGE_SIZES.join(',')}); "none" for only the default`,
      )
        .argParser(pageSizes('--page-sizes', PAGE_SIZE_LIMIT))
        .default([...DEFAULT_PAGE_SIZES], DEFAULT_PAGE_SIZES.join(',')),
    )
    .addOption(
      new Option(
        '--orders <list>',
        `order fields to prebuild, each ascending and descending (${ORDER_CHOICES.join(',')}), or "all" / "none"`,
      )
        .argParser(selectionFrom('--orders', ORDER_CHOICES, 'order field'))
        .default(null, 'all'),
    )
    .addOption(
      new Option('--filters <list>', `matrix-list filters to prebuild (${FILTER_CHOICES.join(',')}), or "all" / "none"`)
        .argParser(selectionFrom('--filters', FILTER_CHOICES, 'filter'))
        .default(null, 'all'),
    )
    .option('--filter-orders', 'also prebuild every order of every filtered list (many more files)', false)
    .option(
      '--compact',
      `for hosts that run the request runtime only (${COMPACT_TARGETS.join(', ')}, the dev server): fragments and index, no prebuilt pages; configures those hosts unless --targets is given, and refuses the others (docs/runtime.md)`,
      false,
    )
    .option(
      '--precompress',
      "write a .gz beside each answer of 8 KiB or more of the clients' formats, which nginx sends to clients that accept gzip (gzip_static) instead of compressing it per request; with --targets nginx (docs/hosting.md)",
      false,
    )
    .option(
      '--strict-limits',
      "fail the build (before replacing the site) when it breaks a chosen target's documented limit, instead of warning (docs/hosting.md)",
      false,
    )
    .addOption(
      new Option('-t, --targets <list>', `hosts to write configuration for (${TARGET_CHOICES.join(',')}), or "all"`)
        .argParser(namesFrom('--targets', TARGET_CHOICES, 'target'))
        .default([...TARGET_CHOICES], 'all'),
    )
    .option(
      '--deploy-dir <dir>',
      'folder for host configuration that must not be served (nginx, Apache, CloudFront; default: <out>.deploy)',
    )
    .option(
      '--force',
      "replace --out and the deploy folder when they hold a site of another version or tool, keeping it in a trash folder until the next build (never a folder of other files, a system folder, a mount point, /, the home folder, the current folder, a folder holding .git, or the dump's folder)",
      false,
    )
    .addOption(
      new Option(
        '--max-read-mib <mib>',
        "memory the dump's rows the API reads may take; a dump past it is refused in one line (docs/errors.md)",
      )
        .argParser(count('--max-read-mib', 1))
        .default(DEFAULT_MAX_READ_MIB),
    )
    .option('-q, --quiet', 'print nothing but errors')
    .option('--json', 'print only a machine-readable summary (JSON) on stdout; progress still goes to stderr')
    .addOption(
      new Option('--progress-interval <seconds>', 'seconds between progress lines when stderr is not a terminal')
        .argParser(seconds('--progress-interval'))
        .default(DEFAULT_PROGRESS_INTERVAL),
    )
    .action(runBuild);
}

/** What an action sets beyond success: `check` exits 1 when the mirror fails, 130 when interrupted. */
interface Outcome {
  code: number;
}

function checkCommand(cmd: Command, outcome: Outcome): void {
  cmd
    .command('check')
    .description(
      'prove a deployed mirror answers as its build does: the same requests to the mirror and to the built site, compared (docs/check.md)',
    )
    .addArgument(
      new Argument('<url>', 'address the mirror is deployed at, e.g. https://jaspar.example.org').argParser(
        httpUrl('<url>'),
      ),
    )
    .option('-s, --site <dir>', 'the built site the mirror was deployed from', DEFAULT_OUT)
    .option('--all', 'every prebuilt route of the site (list pages and details), instead of the client table')
    .addOption(
      new Option('--sample <n>', 'n requests drawn from the client table and every prebuilt route').argParser(
        count('--sample', 1),
      ),
    )
    .addOption(new Option('--seed <s>', 'seed of --sample').argParser(count('--seed', 0)).default(1))
    .addOption(
      new Option('--tier <tier>', "the promise the mirror is held to (default: the site's targets')").choices([
        'compute',
        'rules',
      ]),
    )
    .addOption(
      new Option('--target <name>', 'the target the mirror was deployed as, of those the site was built for').choices(
        TARGET_CHOICES,
      ),
    )
    .addOption(
      new Option('--against <url>', 'compare with this server instead of the built site').argParser(
        httpUrl('--against'),
      ),
    )
    .addOption(
      new Option(
        '--release <year>',
        'ask for this release: release=<year> on every API request naming none, to both servers (for --against the live service)',
      ).argParser(releaseYear('--release')),
    )
    .addOption(
      new Option('-c, --concurrency <n>', 'requests at once at most').argParser(count('--concurrency', 1)).default(8),
    )
    .addOption(new Option('--rate <n>', 'requests per second at most').argParser(positiveNumber('--rate')))
    .addOption(
      new Option('--timeout <ms>', 'milliseconds to wait for each answer')
        .argParser(count('--timeout', 1))
        .default(30000),
    )
    .addOption(
      new Option(
        '--deadline <seconds>',
        `seconds the whole check may take (default: ${DEFAULT_DEADLINE_SECONDS}, plus what --rate needs for the requests)`,
      ).argParser(seconds('--deadline')),
    )
    .option('--json', 'print the summary as one JSON object (docs/check.md)')
    .action(async (url: string, flags: Parameters<typeof runCheckCommand>[1]) => {
      outcome.code = await runCheckCommand(url, flags);
    });
}

export function program(outcome: Outcome = { code: 0 }): Command {
  const cmd = new Command('jaspar-static')
    .description(
      "Build a complete, static, prebuilt copy of JASPAR's REST API (/api/v1) from a release dump, and serve it.",
    )
    .version(packageVersion(), '-V, --version', 'print the version')
    .exitOverride()
    .configureOutput({
      writeErr: (s) => process.stderr.write(s),
      outputError: (s, write) => write(`${PREFIX} ${s}`),
    });

  buildCommand(cmd);

  cmd
    .command('inspect')
    .description('report what a release dump holds (tables, collections, lists and pages) and every problem in it')
    .addArgument(new Argument('[dump]', DUMP_ARGUMENT).default(DEFAULT_DUMP, DEFAULT_DUMP_SHOWN))
    .addOption(
      new Option('-r, --release <year>', 'release year (default: from the dump)').argParser(releaseYear('--release')),
    )
    .option('--json', 'print the report as JSON')
    .action(runInspect);

  cmd
    .command('fetch')
    .description("download JASPAR's official SQL dump of a release")
    .argument('<year>', 'release year, e.g. 2024')
    .addOption(
      new Option(
        '-u, --url <url>',
        'download from this address instead (default: https://jaspar.elixir.no/download/database/JASPAR<year>.sql.gz)',
      ).argParser(httpUrl('--url')),
    )
    .option('-o, --out <dir>', 'folder to save into (default: releases/JASPAR<year>)')
    .action(runFetch);

  cmd
    .command('serve')
    .description('serve a built site exactly as the hosted copy answers')
    .argument('[dir]', 'built site folder', DEFAULT_OUT)
    .addOption(new Option('-p, --port <port>', 'port').argParser(port('--port')).default(8080))
    .option('-H, --host <host>', 'address to listen on', '127.0.0.1')
    .action(runServe);

  checkCommand(cmd, outcome);
  return cmd;
}

/** Run the CLI; returns the exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  // `check` exits 1 when the mirror fails, so its usage errors exit 2 (docs/check.md).
  const usage = argv[2] === 'check' ? 2 : 1;
  const outcome: Outcome = { code: 0 };
  try {
    await program(outcome).parseAsync(argv as string[]);
    return outcome.code;
  } catch (err) {
    // Commander has printed its message (help, version, or an error with our prefix).
    if (err instanceof CommanderError) return err.exitCode === 1 ? usage : err.exitCode;
    if (err instanceof UserError) {
      process.stderr.write(`${PREFIX} error: ${err.format()}\n`);
      return usage;
    }
    if (err instanceof Error && err.name === 'AbortError') {
      process.stderr.write(`${PREFIX} interrupted; the previous site is unchanged\n`);
      return 130;
    }
    process.stderr.write(
      `${PREFIX} internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
    return 70;
  }
}
