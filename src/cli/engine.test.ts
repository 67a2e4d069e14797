import { describe, expect, it } from 'vitest';
import { runOk } from '../../test/support/process.js';
import { BUILD_V8_FLAGS, flagsToSet } from './engine.js';

describe("a build's V8 flags", () => {
  it('are set unless node was started with them, spelled with dashes or underscores', () => {
    expect(flagsToSet([])).toEqual([...BUILD_V8_FLAGS]);
    expect(flagsToSet(['--max-inlined-bytecode-size-cumulative=500'])).toEqual([]);
    expect(flagsToSet(['--max_inlined_bytecode_size_cumulative=500', '--expose-gc'])).toEqual([]);
    expect(flagsToSet(['--max-inlined-bytecode-size=100'])).toEqual([...BUILD_V8_FLAGS]);
  });

  it("are flags this node's V8 knows (a renamed one would only print an error and do nothing)", async () => {
    const known = (await runOk(process.execPath, ['--v8-options'])).stdout;
    for (const flag of BUILD_V8_FLAGS) expect(known).toContain(`  ${flag.slice(0, flag.indexOf('='))} `);
  });
});
