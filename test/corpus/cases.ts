/**
 * The bad-input corpus: malformed dumps, each with the exact message the build must stop with
 * (or the warning it must report). `<case>` stands for the case's folder. Dumps are generated
 * from small strings and bytes (and the sample release), not committed: reader-cases.ts holds
 * the dumps that cannot be read, model-cases.ts those that read but cannot be published.
 */
import type { Files } from './dumps.js';
import { HOSTILE_CASES } from './hostile-cases.js';
import { MODEL_CASES } from './model-cases.js';
import { READER_CASES } from './reader-cases.js';

/** One malformed dump. */
export interface CorpusCase {
  readonly name: string;
  /** The dump to build, relative to the case folder. */
  readonly dump: string;
  readonly files: () => Files;
  /** The one-line error a build prints (UserError.format()), or a pattern where bytes vary. */
  readonly error?: string | RegExp;
  /** A warning the (successful) build reports, as `file:line: message`. */
  readonly warning?: string;
}

/** Every case, reader problems first. */
export const CASES: readonly CorpusCase[] = [...READER_CASES, ...MODEL_CASES, ...HOSTILE_CASES];
