/**
 * The order files start in: the slowest first. Vitest starts the files it has no timings for
 * largest first, and a clean clone (CI) has none; some of the longest-running files are small
 * (a guide's run, the comparison of two shared builds), so they started last and the run ended
 * on them with one fork busy and the others idle (issue 36: test/assembled.test.ts, 222 s under
 * load, ended a run). These start first, longest first (under load, issue 36's measurements);
 * the rest keep vitest's order (its recorded durations when it has them, else size).
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Path prefixes below the project root, longest-running first. */
const SLOW_FIRST: readonly string[] = [
  'test/assembled.test.ts',
  'test/hosts/s3-upload.test.ts',
  'test/guides/s3-cloudfront.test.ts',
  'test/fuzz/',
  'test/conformance/conformance.test.ts',
  'test/jaspar2026.test.ts',
  'test/guides/lambda-edge.test.ts',
  'test/faults/killed.test.ts',
  'test/check.test.ts',
  'test/corpus/',
  'test/check-hosts-rules.test.ts',
  'test/oracle.test.ts',
  'test/guides/',
];

export default class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const rank = (f: TestSpecification) => {
      const path = relative(root, f.moduleId);
      const i = SLOW_FIRST.findIndex((p) => path.startsWith(p));
      return i < 0 ? SLOW_FIRST.length : i;
    };
    const sorted = await super.sort(files);
    return sorted
      .map((f, i) => ({ f, i, r: rank(f) }))
      .sort((a, b) => a.r - b.r || a.i - b.i)
      .map(({ f }) => f);
  }
}
