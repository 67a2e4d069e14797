/**
 * The browsable HTML page of a list, assembled from its records' HTML fragments (work in
 * progress: see docs/runtime.md).
 */
import type { Envelope } from '../list-frames.js';
import type { ListRoute } from '../../routes/route.js';

/** What the HTML list page shows besides its records. */
export interface HtmlListView {
  /** The page shown (1-based) and the number of pages. */
  readonly page: number;
  readonly pages: number;
  readonly pageSize: number;
  /** The prebuilt route this page is (its file), or null when no file holds it. */
  readonly route: ListRoute | null;
}

export function htmlListPage(env: Envelope, fragments: readonly string[], _view: HtmlListView): string {
  return `<!DOCTYPE html>\n<p>${env.count}</p>${fragments.join('')}`;
}
