/**
 * What a rebuild changed: files added, modified (bytes or mode) and removed against the live
 * site and deploy folders, and those left as they were (hard-linked, same inode and mtime).
 */
import type { DiskSink } from '../output/sink.js';
import { RECORD_FILE } from '../output/build-record.js';
import { countTree } from '../output/tree-stamp.js';

export interface Changes {
  readonly added: number;
  readonly modified: number;
  readonly removed: number;
  readonly unchanged: number;
}

export const NO_CHANGES: Changes = { added: 0, modified: 0, removed: 0, unchanged: 0 };

/** Files added, modified or removed. */
export const changedFiles = (c: Changes): number => c.added + c.modified + c.removed;

/**
 * The changes of each sink against the live folder it will replace (sinks settled): what the
 * live folder held and the new one did not keep or rewrite was removed.
 */
export async function changesAgainst(
  pairs: readonly (readonly [DiskSink, string])[],
  signal?: AbortSignal,
): Promise<Changes> {
  let total = NO_CHANGES;
  for (const [sink, live] of pairs) {
    // The build record a deploy folder holds is the build's bookkeeping, rewritten by every build, not a file it changed.
    const before = await countTree(live, [RECORD_FILE], signal);
    const { added, modified, unchanged } = sink.counts;
    total = {
      added: total.added + added,
      modified: total.modified + modified,
      removed: total.removed + Math.max(0, before - modified - unchanged),
      unchanged: total.unchanged + unchanged,
    };
  }
  return total;
}
