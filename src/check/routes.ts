/**
 * `--all`: every prebuilt route of the site as the request a client sends for it (the path
 * function's public URL, src/routes/paths.ts), enumerated from the same index and prebuilt set
 * the build wrote the files from (src/plan/generate.ts). A compact build has no prebuilt pages:
 * its every list's default pages and every detail in each format.
 */
import { RESOURCES } from '../api/resources.js';
import { detailRoutes, listRoutes, listVariants } from '../plan/generate.js';
import { routeUrl } from '../routes/paths.js';
import type { PrebuiltLists } from '../routes/site-data.js';
import type { Built } from './site.js';
import type { ClientRequest } from './types.js';

const NONE: PrebuiltLists = { pageSizes: [], orderFields: [], filterKeys: [], filterOrders: false };

export function* prebuiltRequests({ config, index }: Built): Generator<ClientRequest> {
  for (const variant of listVariants(index, config.prebuilt ?? NONE))
    for (const route of listRoutes(variant, config)) yield { method: 'GET', target: routeUrl(route) };
  for (const detail of RESOURCES) {
    if (detail.kind !== 'detail') continue;
    for (const id of Array.from(index.details[detail.name]?.ids ?? []))
      for (const route of detailRoutes(detail, id, config)) yield { method: 'GET', target: routeUrl(route) };
  }
}
