import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { float, type Json } from '../../model/json.js';
import { anchor, esc, escText } from './runtime-safe/escape.js';
import { routeFile } from '../../routes/paths.js';
import type { Route } from '../../routes/route.js';
import { fileHref, rootOf } from './runtime-safe/links.js';
import { fragmentParts, HAS_BED, joinFragment, PART, ROOT } from './runtime-safe/fragment.js';
import { prettyJson } from './pretty-json.js';

const unescapeHtml = (html: string): string =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

describe('HTML escaping', () => {
  it('escapes text and attribute specials, leaves the rest', () => {
    expect(esc(`<script>alert("x")</script> & 'q'`)).toBe(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;',
    );
    expect(esc('Krüppel-like9')).toBe('Krüppel-like9');
    expect(esc('&amp;')).toBe('&amp;amp;');
    expect(anchor('a"b.html', '<b>')).toBe('<a href="a&quot;b.html">&lt;b&gt;</a>');
    expect(escText(`<i>"a" & 'b'</i>`)).toBe(`&lt;i&gt;"a" &amp; 'b'&lt;/i&gt;`);
  });

  it('lets no NUL through, so fragment markers cannot come from data', () => {
    expect(esc(`a\u0000/b`)).toBe('a&#xFFFD;/b');
    expect(escText(`\u0000|x`)).toBe('&#xFFFD;|x');
    expect(esc(ROOT + PART + HAS_BED)).not.toContain('\u0000');
  });
});

describe('record fragments', () => {
  it('carry a row, a JSON part and the BED flag, their root marker replaced per page', () => {
    const frag = joinFragment(
      `<tr><td><a href="${ROOT}files/x.html">x</a></td></tr>`,
      `{"u": <a href="${ROOT}static/x.svg">"u"</a>}`,
      true,
    );
    expect(fragmentParts(frag, '../../')).toEqual({
      row: '<tr><td><a href="../../files/x.html">x</a></td></tr>',
      json: '{"u": <a href="../../static/x.svg">"u"</a>}',
      bed: true,
    });
    expect(fragmentParts(joinFragment('<tr></tr>', '{}', false), '/')).toEqual({
      row: '<tr></tr>',
      json: '{}',
      bed: false,
    });
    expect(() => fragmentParts('<tr></tr>', '/')).toThrow(/not an HTML record fragment/);
  });
});

describe('relative links between site files', () => {
  it('walks up to the common folder and down to the target', () => {
    expect(fileHref('files/api/matrix/_/default/default/1.html', 'files/api/matrix/_/default/default/2.html')).toBe(
      '2.html',
    );
    expect(fileHref('files/api/matrix/_/default/name/2.html', 'files/api/matrix/_/default/-name/1.html')).toBe(
      '../-name/1.html',
    );
    expect(fileHref('files/api/matrix/_/default/default/1.html', 'files/api/matrix/MA0004.1.html')).toBe(
      '../../../MA0004.1.html',
    );
    expect(fileHref('files/api/matrix/MA0004.1.html', 'static/logos/svg/MA0004.1.svg')).toBe(
      '../../../static/logos/svg/MA0004.1.svg',
    );
    expect(fileHref('files/api/matrix/MA0004.1.html', 'index.html')).toBe('../../../index.html');
    expect(fileHref('index.html', 'files/api/tffm/_/default/default/1.html')).toBe(
      'files/api/tffm/_/default/default/1.html',
    );
    expect(fileHref('files/api/matrix/MA0004.1.html', 'files/json/matrix/MA0004.1.json')).toBe(
      '../../json/matrix/MA0004.1.json',
    );
    // A folder named like a file's stem is still a folder step.
    expect(fileHref('files/api/matrix/versions/MA0004.html', 'files/api/matrix/MA0004.1.html')).toBe(
      '../MA0004.1.html',
    );
    expect(rootOf('files/api/matrix/MA0004.1.html')).toBe('../../../');
    expect(rootOf('index.html')).toBe('');
  });

  it('between routes, through the path function', () => {
    const relativeHref = (from: Route, to: Route): string => fileHref(routeFile(from), routeFile(to));
    const list = {
      kind: 'list',
      resource: 'matrix-list',
      params: {},
      filters: {},
      order: 'name',
      page: 2,
      pageSize: null,
      format: 'api',
      formatInQuery: true,
    } as const;
    expect(relativeHref(list, { ...list, page: 3 })).toBe('3.html');
    expect(
      relativeHref(list, { kind: 'detail', resource: 'matrix-detail', params: { id: 'MA0004.1' }, format: 'api' }),
    ).toBe('../../../MA0004.1.html');
    expect(relativeHref(list, { ...list, format: 'json', formatInQuery: false })).toBe(
      '../../../../../default/matrix/_/default/name/2.json',
    );
  });
});

const SAMPLE: Json = {
  count: 2,
  next: 'https://x.org/api/v1/matrix/?format=api&page=2',
  previous: null,
  results: [
    {
      matrix_id: 'MA0004.1',
      name: 'Krüppel <&> "q"',
      version: 1,
      pfm: { A: [float(4), float(61.75), float(1e-5), float(1e16)] },
      ok: true,
    },
    { empty_list: [], empty_obj: {}, nested: [[1, 2], []] },
  ],
};

describe('pretty-printed response', () => {
  it('links strings the linker knows and escapes everything', () => {
    const html = prettyJson(SAMPLE, (s) => (s.includes('page=2') ? '2.html' : null), 0);
    expect(html).toContain('"next": <a href="2.html">"https://x.org/api/v1/matrix/?format=api&amp;page=2"</a>');
    expect(html).toContain('"Krüppel &lt;&amp;&gt; \\"q\\""');
    expect(html).not.toMatch(/<(?!a |\/a>)/);
  });

  it('is laid out as Python json.dumps(indent=4, ensure_ascii=False)', () => {
    const text = unescapeHtml(prettyJson(SAMPLE, () => null, 0));
    const py = spawnSync(
      'python3',
      ['-c', 'import json,sys; print(json.dumps(json.loads(sys.stdin.read()), indent=4, ensure_ascii=False), end="")'],
      {
        input: text,
        encoding: 'utf8',
      },
    );
    if (py.status !== 0) throw new Error(`python3 failed: ${py.stderr}`);
    expect(text).toBe(py.stdout);
    expect(text).toContain('61.75');
    expect(text).toContain('1e-05');
    expect(text).toContain('1e+16');
  });

  it('starts nested values at the column given', () => {
    const rec = prettyJson({ a: [1] }, () => null, 8);
    expect(rec).toBe('{\n            "a": [\n                1\n            ]\n        }');
  });
});
