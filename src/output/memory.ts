/**
 * The heap held near what a build keeps alive (issue 46). V8 sizes its heap for the whole
 * process: after the survey of several dumps, or a release written, it lets garbage grow to
 * that high-water mark before it collects, so every release after the first, and every step
 * after a big one, starts from the run's peak instead of its own. A build collects in full
 * between its big steps ({@link collectGarbage}) and whenever garbage has grown past
 * {@link SLACK} over what the last collection kept ({@link boundGarbage}, called between
 * batches of files and of records): a site of many releases peaks at its largest release.
 * Without `--expose-gc`, the flag is set here, once.
 */
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Garbage let grow over the last collection's live heap before the next one. */
export const SLACK = 48 * 1024 * 1024;

let gc: (() => void) | null = null;
/** The heap in use right after the last full collection. */
let kept = 0;

/** A full collection now. */
export function collectGarbage(): void {
  if (gc === null) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
  kept = getHeapStatistics().used_heap_size;
}

/** A full collection when the heap has grown {@link SLACK} past what the last one kept (a few µs otherwise). */
export function boundGarbage(): void {
  if (getHeapStatistics().used_heap_size > kept + SLACK) collectGarbage();
}
