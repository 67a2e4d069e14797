/**
 * The files of the search box (docs/html.md, "Search"), written into the site's static folder:
 * the page script, the search library (minisearch's browser bundle, copied as published with
 * its licence beside it) and the release's index. The library is pinned in package.json; its
 * source-map comment is dropped, since the map is not copied.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Release } from '../model/types.js';
import { SEARCH_FILES } from '../formats/html/runtime-safe/search-box.js';
import { SEARCH_CLIENT } from '../formats/html/search-client.js';
import { searchIndex, searchIndexScript } from './search-index.js';

export interface SearchFile {
  readonly path: string;
  readonly content: string;
}

interface Library {
  readonly version: string;
  readonly bundle: string;
  readonly licence: string;
}

/** minisearch as installed: its version, browser (UMD) bundle and licence. */
export function minisearchLibrary(): Library {
  // The package's `exports` hide package.json and the UMD bundle; its entry point locates them.
  const entry = createRequire(import.meta.url).resolve('minisearch');
  const dir = join(dirname(entry), '..', '..');
  const read = (file: string): string => readFileSync(join(dir, file), 'utf8');
  const pkg = JSON.parse(read('package.json')) as { version?: unknown; main?: unknown };
  if (typeof pkg.version !== 'string' || pkg.main !== 'dist/umd/index.js')
    throw new Error(`minisearch at ${dir} is not the package this build expects (no UMD bundle as main)`);
  return { version: pkg.version, bundle: read(pkg.main), licence: read('LICENSE.txt') };
}

/** The bundle with a header naming the library, its version and licence, and no source-map comment. */
export function libraryFile(lib: Library): string {
  const body = lib.bundle.replace(/\n\/\/# sourceMappingURL=\S*\s*$/, '\n');
  return `/*! MiniSearch ${lib.version} | MIT License | Copyright Luca Ongaro | licence: minisearch.LICENSE.txt */\n${body}`;
}

/** Every file of the search box for `release`; `compact` as for HTML links. */
export function searchFiles(release: Release, compact: boolean, lib: Library = minisearchLibrary()): SearchFile[] {
  return [
    { path: SEARCH_FILES.client, content: SEARCH_CLIENT },
    { path: SEARCH_FILES.library, content: libraryFile(lib) },
    { path: SEARCH_FILES.licence, content: lib.licence },
    { path: SEARCH_FILES.index, content: searchIndexScript(searchIndex(release, compact)) },
  ];
}
