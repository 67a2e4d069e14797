/**
 * Where the model builder sends what it finds wrong with a dump. The checks live in one place
 * (the model builder); what happens on a fatal problem is the caller's choice: a build stops at
 * the first one, `jaspar-static inspect` records every one and goes on, skipping the bad row.
 */
import type { UserError, Warning } from '../errors.js';

/** The receiver of a dump's problems. */
export interface Problems {
  /** A problem that makes the release unbuildable. May throw (a build) or record it and return (inspect). */
  fatal(error: UserError): void;
  /** A problem the build works around; it is reported in the build summary. */
  warn(warning: Warning): void;
}

/** For a build: the first fatal problem is thrown; warnings are kept. */
export class StopAtFirst implements Problems {
  readonly warnings: Warning[] = [];

  fatal(error: UserError): never {
    throw error;
  }

  warn(warning: Warning): void {
    this.warnings.push(warning);
  }
}

/** For inspect: every problem is kept, in the order found. */
export class CollectAll implements Problems {
  readonly fatals: UserError[] = [];
  readonly warnings: Warning[] = [];

  fatal(error: UserError): void {
    this.fatals.push(error);
  }

  warn(warning: Warning): void {
    this.warnings.push(warning);
  }
}
