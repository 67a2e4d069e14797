import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import SlowFirst from './test/support/sequencer.js';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: 'forks',
    // Vitest's default is one fork fewer than the cores: on CI's two cores, one file at a time.
    // Most files spend much of their time waiting on servers and child processes (nginx, Apache,
    // awscli, Deno, Chromium), so two forks more than the cores (four on two): while forks wait
    // on their children, the others keep the cores busy, and with other jobs on the machine the
    // suite keeps its share of the CPU (issue 36, beside two CPU-bound processes: 988 s of vitest
    // with two forks, 890 s with three; 676 s with three once forks were reused, see below).
    // Each file runs its own tests one after another.
    maxWorkers: availableParallelism() + 2,
    // A fork runs file after file without a fresh module graph for each (issue 36: 835 CPU-s for
    // the suite instead of about 1,090; starting a process, loading vitest and evaluating the
    // project's modules again for each of 160 files was a fifth of the bill). So a test file must
    // leave the process as it found it: close its servers and children, restore the working
    // folder, environment variables and spies it changed (CONTRIBUTING.md). As many forks are
    // kept as may run: with fewer, tinypool retires an idle fork while it hands it the next file,
    // which ends the run with "Terminating worker thread".
    minWorkers: availableParallelism() + 2,
    poolOptions: { forks: { isolate: false } },
    // The slowest files start first (test/support/sequencer.ts), so the run does not end on one.
    sequence: { sequencer: SlowFirst },
    // Once per run: the scratch folder (on tmpfs where there is room) that every test builds
    // into and that shares heavy builds between files, and the requirement probes.
    globalSetup: ['test/support/global-setup.ts'],
  },
});
