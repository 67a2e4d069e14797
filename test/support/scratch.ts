/**
 * This run's scratch folder (made by globalSetup, removed after the run): tests build their
 * sites below it, never in the project or the OS temp folder, so one removal cleans up
 * everything and a killed run is cleaned up by the next one.
 */
import { mkdtempSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { inject } from 'vitest';

/** The run's scratch folder (absolute). */
export const scratch = (): string => inject('scratch');

/** A new empty folder in the scratch folder. */
export const tempDir = (prefix: string): Promise<string> => mkdtemp(join(scratch(), `${prefix}-`));

/** The same, for module-level set-up (a single mkdir: cheap, blocks nothing for long). */
export const tempDirSync = (prefix: string): string => mkdtempSync(join(scratch(), `${prefix}-`));

/** Remove a folder tree without blocking the worker (rm(1), process.ts). */
export { removeTree } from './process.js';

/** True when `path` lies inside the folder that holds the scratch folder (ours to chmod). */
export const insideScratchBase = (path: string): boolean => path.startsWith(`${dirname(scratch())}/`);
