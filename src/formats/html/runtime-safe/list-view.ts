/**
 * What a browsable list page shows besides its records: the site, the list and the request it
 * answers, where it stands among its pages, and the prebuilt route it is, if any. The runtime's
 * `ListView` (src/runtime/assemble.ts) carries all of it. Runtime-safe subset (types only).
 */
import type { FormatName } from '../../../api/formats.js';
import type { ListDescriptor } from '../../../api/resources.js';
import type { ListRoute } from '../../../routes/route.js';
import type { RequestParams } from '../../../routes/params.js';
import type { ReleaseConfig, SiteConfig } from '../../../routes/site-data.js';

export interface HtmlListView {
  readonly site: SiteConfig;
  readonly release: ReleaseConfig;
  readonly list: ListDescriptor;
  /** The instance's `:id`, '' for lists without one. */
  readonly id: string;
  readonly format: FormatName;
  /** The request's parameters (src/routes/params.ts), with the pairs links keep (the suffix form counting as `format`). */
  readonly params: RequestParams;
  /** The page shown (1-based, `last` resolved) and the number of pages. */
  readonly page: number;
  readonly pages: number;
  readonly pageSize: number;
  /** The prebuilt route this page is (its file), or null when no file holds it. */
  readonly route: ListRoute | null;
}
