/**
 * A full garbage collection between the big steps of a build (issue 46): after a release's model
 * is let go, before the next dump is read. V8 otherwise lets its heap grow through the next read
 * rather than collect the last release, so every release after the first starts from the
 * previous one's high-water mark; collected, the heap shrinks back and the process's peak stays
 * that of its largest release. Without `--expose-gc`, the flag is set here, once.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let gc: (() => void) | null = null;

export function collectGarbage(): void {
  if (gc === null) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
}
