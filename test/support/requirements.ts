/**
 * Tests that need something outside the project (../shared data, nginx, Chromium, Biopython…)
 * call {@link need}. When the thing is missing the test is skipped with a visible reason, so
 * `npm test` passes on a fresh machine; when JASPAR_STATIC_REQUIRE_ALL=1 (set by .ci/run) a
 * missing requirement fails instead, so CI always runs the whole suite.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, inject } from 'vitest';
import { PYTHONS, probeKey, type ProbeResult } from './probes.js';

export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const SHARED = resolve(PROJECT_ROOT, '../shared');
export const requireAll = process.env.JASPAR_STATIC_REQUIRE_ALL === '1';

export interface Requirement {
  ok: boolean;
  reason: string;
}

/** The shared folder (real releases and golden files) beside the checkout. */
export function sharedPath(...parts: string[]): Requirement & { path: string } {
  const path = join(SHARED, ...parts);
  const ok = existsSync(path);
  return { ok, path, reason: ok ? '' : `${path} is missing` };
}

/**
 * What a probe listed in probes.ts gave. The probes ran once in globalSetup, as async child
 * processes: looking one up here never blocks the test worker.
 */
export function probe(cmd: string, args: readonly string[]): ProbeResult {
  const result = inject('probes')[probeKey(cmd, args)];
  if (!result) throw new Error(`no probe for \`${cmd} ${args.join(' ')}\`: add it to PROBES in test/support/probes.ts`);
  return result;
}

/** A command that must run and exit 0, e.g. python3 importing Bio (a probe listed in probes.ts). */
export function command(cmd: string, args: string[], what: string): Requirement {
  const ok = probe(cmd, args).ok;
  return { ok, reason: ok ? '' : `${what} is not available (${cmd} ${args.join(' ')} failed)` };
}

/** A file that must exist, e.g. a server module. */
export function file(path: string, what: string): Requirement {
  const ok = existsSync(path);
  return { ok, reason: ok ? '' : `${what} is not available (${path} is missing)` };
}

/**
 * A Python interpreter that has `module`: Debian's /usr/bin/python3 first (the oracle the
 * project names: Debian's python3-yaml, python3-biopython), then `python3` on PATH.
 */
export function pythonWith(module: string, pkg: string): Requirement & { interpreter: string } {
  for (const interpreter of PYTHONS) {
    const r = command(interpreter, ['-c', `import ${module}`], `Python module ${module} (Debian ${pkg})`);
    if (r.ok) return { ...r, interpreter };
  }
  return {
    ...command('python3', ['-c', `import ${module}`], `Python module ${module} (Debian ${pkg})`),
    interpreter: 'python3',
  };
}

/**
 * `describe` that runs only when every requirement holds; otherwise skipped with the reason
 * printed, or failed when JASPAR_STATIC_REQUIRE_ALL=1.
 */
export function describeWith(name: string, reqs: Requirement[], body: () => void): void {
  const missing = reqs.filter((r) => !r.ok).map((r) => r.reason);
  if (missing.length === 0) {
    describe(name, body);
    return;
  }
  const reason = missing.join('; ');
  if (requireAll) {
    describe(name, () => {
      throw new Error(`required for CI but missing: ${reason}`);
    });
    return;
  }
  console.warn(`SKIPPED "${name}": ${reason}`);
  describe.skip(`${name} [skipped: ${reason}]`, body);
}
