/**
 * The start of every HTML document the build writes or the runtime assembles (API pages, the
 * API's own documents' pages, the web site): doctype, language, UTF-8, viewport, no favicon
 * request (a 404 on most hosts, a console error in browsers), the title, then what the page adds
 * to its head. Runtime-safe subset (docs/runtime.md).
 */

/** The lines up to `</head>`; `title` is markup (escaped by the caller), `head` the page's own head lines. */
export function documentHead(title: string, head: readonly string[]): string[] {
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<link rel="icon" href="data:,">',
    `<title>${title}</title>`,
  ].concat(head, ['</head>']);
}
