import { describe, expect, it } from 'vitest';
import type { Loaded } from '../../runtime/answer.js';
import { newBook, remember } from './file-cache.js';

describe('the cache of parsed site files', () => {
  it('drops the oldest files beyond its budget, never an index or what the step needs', () => {
    const loaded: Loaded = {};
    const book = newBook();
    const load = (path: string, size: number, keep: string[] = [path]) => {
      loaded[path] = [path];
      remember(book, loaded, path, size, keep, 100);
    };
    load('_jaspar/index.json', 60);
    load('_jaspar/frag/matrix/json/0.json', 30);
    load('_jaspar/frag/matrix/json/1.json', 30);
    expect(Object.keys(loaded)).toEqual(['_jaspar/index.json', '_jaspar/frag/matrix/json/1.json']);
    load('_jaspar/frag/matrix/yaml/0.json', 30, ['_jaspar/frag/matrix/json/1.json', '_jaspar/frag/matrix/yaml/0.json']);
    expect(Object.keys(loaded)).toEqual([
      '_jaspar/index.json',
      '_jaspar/frag/matrix/json/1.json',
      '_jaspar/frag/matrix/yaml/0.json',
    ]);
    expect(book.total).toBe(120);
    load('_jaspar/frag/matrix/meme/0.json', 10);
    expect(Object.keys(loaded)).toEqual([
      '_jaspar/index.json',
      '_jaspar/frag/matrix/yaml/0.json',
      '_jaspar/frag/matrix/meme/0.json',
    ]);
    expect(book.total).toBe(100);
    expect(book.order).toEqual(Object.keys(loaded));
  });
});
