/**
 * The one list of the code that runs on nginx's njs 0.7 and in CloudFront Functions: the request
 * runtime and everything it imports. Such code keeps to the runtime-safe subset of JavaScript
 * (docs/runtime.md, "Runtime-safe subset"). `test/structure.test.ts` reads this list: the
 * runtime's imports must stay within it, every entry must exist, and a file whose header calls it
 * runtime-safe (the phrase `Runtime-safe subset.`) must be on it. A folder (ending in `/`) counts with everything in it; the HTML
 * the runtime renders is the folder `src/formats/html/runtime-safe/`, apart from the build-only
 * HTML beside it.
 */
export const RUNTIME_SAFE: readonly string[] = [
  'src/runtime/',
  'src/formats/html/runtime-safe/',
  'src/segments.ts',
  'src/api/formats.ts',
  'src/api/resources.ts',
  'src/api/errors.ts',
  'src/api/documents.ts',
  'src/api/urls.ts',
  'src/api/releases.ts',
  'src/logos/files.ts',
  'src/routes/paths.ts',
  'src/routes/route.ts',
  'src/routes/request.ts',
  'src/routes/params.ts',
  'src/routes/links.ts',
  'src/routes/select.ts',
  'src/routes/search-index.ts',
  'src/routes/rows.ts',
  'src/routes/prebuilt.ts',
  'src/routes/prebuilt-plan.ts',
  'src/routes/unprebuilt.ts',
  'src/routes/page-number.ts',
  'src/routes/site-data.ts',
  'src/routes/applies.ts',
  'src/routes/page-size.ts',
  'src/formats/list-frames.ts',
  'src/formats/json-string.ts',
  'src/formats/yaml-resolve.ts',
  // The web site's addresses and JASPAR's old ones, which the runtime redirects.
  'src/portal/paths.ts',
  'src/portal/old-links.ts',
  // The host entries bundled with it for njs and CloudFront Functions.
  'src/hosts/nginx/entry.ts',
  'src/hosts/nginx/send.ts',
  'src/hosts/nginx/answers.ts',
  'src/hosts/cloudfront/entry.ts',
  'src/hosts/cloudfront/function.ts',
  'src/hosts/cloudfront/function-list.ts',
  'src/hosts/cloudfront/function-table.ts',
  'src/hosting/edge/steps.ts',
];

/** Whether the repository file `path` (e.g. `src/routes/paths.ts`) is on the list. */
export const isRuntimeSafe = (path: string): boolean =>
  RUNTIME_SAFE.some((entry) => (entry.endsWith('/') ? path.startsWith(entry) : path === entry));
