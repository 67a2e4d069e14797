import { describe, expect, it } from 'vitest';
import { FILE_TYPES, PAGE_FOLDERS, prefixTypes, SUFFIX_TYPES } from '../content-types.js';
import { typedSyncs } from './typed-syncs.js';

/** What a sync takes of a site path: its folder, then one of its includes (fnmatch's `*` crosses `/`), or all of it. */
const takes = (sync: ReturnType<typeof typedSyncs>[number], path: string) =>
  path.startsWith(sync.folder) &&
  (sync.includes.length === 0 ||
    sync.includes.some((i) => {
      const rest = path.slice(sync.folder.length);
      return i.endsWith('*') ? rest.startsWith(i.slice(0, -1)) : rest === i;
    }));

describe('the typed syncs of upload.sh', () => {
  const syncs = typedSyncs();

  it('are one per media type (and encoding, for the download area), the download area on its own', () => {
    const types = [
      ...[...prefixTypes(), ...PAGE_FOLDERS].map((p) => `${p.mediaType} null`),
      ...FILE_TYPES.map((f) => `${f.mediaType} null`),
      ...SUFFIX_TYPES.map((t) => `${t.mediaType} ${t.encoding}`),
    ];
    expect([...new Set(syncs.map((s) => `${s.mediaType} ${s.encoding}`))].sort()).toEqual([...new Set(types)].sort());
    // The download area's listings are HTML as the site's pages are, synced from its own folder.
    const keyed = syncs.map((s) => `${s.folder === '/download/' ? 'download' : 'site'} ${s.mediaType} ${s.encoding}`);
    expect(keyed.length).toBe(new Set(keyed).size);
  });

  it('type the download area by how names end: the dump with its encoding, the text files in UTF-8', () => {
    const dump = syncs.find((s) => s.encoding === 'gzip');
    expect(dump).toMatchObject({ folder: '/download/', includes: ['*.sql.gz'], excludes: ['download/*.sql.gz'] });
    const text = syncs.find((s) => s.mediaType === 'text/plain; charset=utf-8');
    expect(text?.includes).toEqual(['*.txt', '*.sites', '*.bed']);
  });

  it('take every typed folder and file in exactly one sync, the one of its media type', () => {
    const samples = [
      ...prefixTypes().map((p) => ({ path: `${p.prefix}x/y.z`, mediaType: p.mediaType })),
      ...FILE_TYPES,
    ];
    for (const { path, mediaType } of samples)
      expect(
        syncs.filter((s) => takes(s, path)).map((s) => s.mediaType),
        path,
      ).toEqual([mediaType]);
  });

  it('sync from the deepest folder holding all their paths', () => {
    for (const s of syncs) {
      expect(s.folder).toMatch(/^\/([A-Za-z0-9._-]+\/)*$/);
      const firsts = new Set(s.includes.map((i) => i.split('/')[0]));
      // A deeper folder would hold them all only if every include started with the same folder.
      if (s.includes.length > 0) expect(firsts.size > 1 || !s.includes[0]!.includes('/'), s.mediaType).toBe(true);
    }
    expect(syncs.find((s) => s.mediaType.startsWith('text/meme'))).toEqual({
      folder: '/files/meme/',
      includes: [],
      paths: ['files/meme/'],
      excludes: ['files/meme/*'],
      mediaType: 'text/meme; charset=utf-8',
      encoding: null,
    });
  });
});
