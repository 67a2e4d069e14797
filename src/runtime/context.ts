/** What a resolution step has at hand (src/runtime/resolve.ts). Runtime-safe subset. */
import type { Loaded } from './answer.js';
import type { Query } from '../routes/request.js';
import type { ReleaseConfig, SiteConfig } from '../routes/site-data.js';

export type Mode = 'compute' | 'rules';

export interface ResolveOptions {
  readonly mode: Mode;
  /** Compute mode: a prebuilt file it answered with does not exist, so assemble instead. */
  readonly skipFiles?: boolean;
}

/** Everything a resolution step has at hand. */
export interface Ctx {
  readonly site: SiteConfig;
  readonly release: ReleaseConfig;
  readonly loaded: Loaded;
  readonly options: ResolveOptions;
  readonly query: Query;
}
