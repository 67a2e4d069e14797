/** `jaspar-static inspect`: reads a dump and prints what it holds and every problem in it. */
import { readExtras } from '../dump/extras/read-extras.js';
import { readDump, resolveDump } from '../dump/read-dump.js';
import { UserError } from '../errors.js';
import { inspectDump } from '../inspect/inspect.js';
import { renderReport } from '../inspect/render.js';

interface InspectFlags {
  release?: number;
  json?: boolean;
}

/** Print the report; fails (exit 1, through the CLI entry) when the dump has fatal problems. */
export async function runInspect(given: string, flags: InspectFlags): Promise<void> {
  // A folder holding one dump file and no tables (what `fetch` writes) is that file.
  const dump = resolveDump(given).path;
  const report = inspectDump(await readDump(dump), { year: flags.release ?? null, extras: readExtras(dump) });
  const text = flags.json ? JSON.stringify(report, null, 2) : renderReport(dump, report).join('\n');
  process.stdout.write(`${text}\n`);
  if (report.fatal.length > 0) {
    const n = report.fatal.length;
    throw new UserError(`${n} fatal problem${n === 1 ? '' : 's'} found; a build of this dump would fail`, {
      file: dump,
    });
  }
}
