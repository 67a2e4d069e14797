import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: 'forks',
    // Once per run: the scratch folder (on tmpfs where there is room) that every test builds
    // into and that shares heavy builds between files, and the requirement probes.
    globalSetup: ['test/support/global-setup.ts'],
  },
});
