/**
 * V8's optimizing compiler held to smaller inlining for a build (issue 46). A build runs
 * hundreds of functions hot for a second or two each (the reader, the renderers, the web site's
 * pages), and TurboFan compiled some 1,460 of them in about 2 s of CPU on V8's own threads,
 * most of it inlining callees into callers: on two cores that CPU is taken from the writer
 * thread and the main one. With at most 150 bytes of bytecode inlined into a function (V8's
 * default: 920) a JASPAR2026 build took 0.5–0.7 s less CPU and about 0.25 s less time
 * (docs/decisions.md). The flag is set once, before the build's code runs hot, unless the node
 * command line gives one; V8's flags take effect for code compiled after they are set.
 */
import { setFlagsFromString } from 'node:v8';

/** The flags, `--name=value`. */
export const BUILD_V8_FLAGS = ['--max-inlined-bytecode-size-cumulative=150'] as const;

/** Those of {@link BUILD_V8_FLAGS} that node's own command line (`execArgv`) does not set. */
export function flagsToSet(execArgv: readonly string[]): string[] {
  // V8 takes a flag's name with dashes or underscores.
  const nameOf = (arg: string) => arg.replace(/_/g, '-').split('=')[0];
  return BUILD_V8_FLAGS.filter((flag) => !execArgv.some((arg) => nameOf(arg) === nameOf(flag)));
}

let tuned = false;

/** Sets {@link flagsToSet}, once a process. */
export function tuneForBuild(): void {
  if (tuned) return;
  tuned = true;
  for (const flag of flagsToSet(process.execArgv)) setFlagsFromString(flag);
}
