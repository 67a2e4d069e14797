/** What a resolution step has at hand (src/runtime/resolve.ts). Runtime-safe subset. */
import type { FormatName } from '../api/formats.js';
import type { ResourceDescriptor } from '../api/resources.js';
import type { RequestParams } from '../routes/params.js';
import type { ReleaseConfig, SiteConfig } from '../routes/site-data.js';
import type { Loaded } from './answer.js';
import type { AnswerCache } from './answer-cache.js';

export type Mode = 'compute' | 'rules';

export interface ResolveOptions {
  readonly mode: Mode;
  /** Compute mode: a prebuilt file it answered with does not exist, so assemble instead. */
  readonly skipFiles?: boolean;
  /** The host's kept answers (answer-cache.ts), when it lives across requests: read and filled after the door. */
  readonly answers?: AnswerCache;
}

/** An API request, parsed once at the door (resolve.ts): every later step reads this, never the raw query. */
export interface ApiRequest {
  readonly resource: ResourceDescriptor;
  /** The instance's `:id`, '' for resources without one. */
  readonly id: string;
  /** The DRF suffix (`/api/v1/matrix/MA0004.1.jaspar`), or null. */
  readonly suffix: FormatName | null;
  readonly format: FormatName;
  /** Whether the request named its format (suffix or `format=`) rather than negotiating it by Accept. */
  readonly named: boolean;
  readonly release: ReleaseConfig;
  /** The query: filters, order, page, page size, callback, what is ignored, and the pairs links keep. */
  readonly params: RequestParams;
}

/** Everything a resolution step has at hand. */
export interface Ctx {
  readonly site: SiteConfig;
  readonly loaded: Loaded;
  readonly options: ResolveOptions;
  readonly request: ApiRequest;
}
