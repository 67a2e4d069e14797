/**
 * toYaml against expected strings produced by PyYAML 6.0.3
 * (`yaml.safe_dump(x, default_flow_style=False, allow_unicode=True)`) and checked by hand.
 * The byte-for-byte oracle over generated values is in yaml.pyyaml.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { Float, float, type Json, type JsonObject } from '../model/json.js';
import { RawYaml, toYaml, yamlListItem } from './yaml.js';

describe('toYaml: top-level scalars and empty collections', () => {
  it.each<[string, Json, string]>([
    ['plain string', 'foo', 'foo\n...\n'],
    ['empty string', '', "''\n"],
    ['quoted string', '9606', "'9606'\n"],
    ['null', null, 'null\n...\n'],
    ['true', true, 'true\n...\n'],
    ['false', false, 'false\n...\n'],
    ['int', 42, '42\n...\n'],
    ['negative int', -7, '-7\n...\n'],
    ['float', float(4), '4.0\n...\n'],
    ['float 61.75', float(61.75), '61.75\n...\n'],
    ['float with exponent, no dot', float(1e-5), '1.0e-05\n...\n'],
    ['float 1e16', float(1e16), '1.0e+16\n...\n'],
    ['float with exponent and dot', float(1.5e300), '1.5e+300\n...\n'],
    ['negative zero', float(-0), '-0.0\n...\n'],
    ['inf', float(Infinity), '.inf\n...\n'],
    ['-inf', float(-Infinity), '-.inf\n...\n'],
    ['nan', float(NaN), '.nan\n...\n'],
    ['empty list', [], '[]\n'],
    ['empty dict', {}, '{}\n'],
    [
      'long plain string folds with indent 2',
      `${'word '.repeat(20)}end`,
      'word word word word word word word word word word word word word word word word word\n  word word word end\n...\n',
    ],
  ])('%s', (_name, value, expected) => {
    expect(toYaml(value)).toBe(expected);
  });

  it('writes big ints exactly as Python prints the same integer', () => {
    expect(toYaml([0, -1, 2 ** 53, -(2 ** 60)])).toBe('- 0\n- -1\n- 9007199254740992\n- -1152921504606846976\n');
  });

  it('refuses non-integer plain numbers (floats must be wrapped in Float)', () => {
    expect(() => toYaml(1.5)).toThrow(/not an integer/);
    expect(() => toYaml({ a: NaN })).toThrow(/not an integer/);
  });
});

describe('toYaml: string scalar styles', () => {
  it.each<[string, string]>([
    // Resolved as int/float/bool/null/timestamp/merge/value: quoted.
    ['9606', "'9606'"],
    ['1', "'1'"],
    ['yes', "'yes'"],
    ['No', "'No'"],
    ['null', "'null'"],
    ['~', "'~'"],
    ['0x1F', "'0x1F'"],
    ['1_000', "'1_000'"],
    ['.5', "'.5'"],
    ['2001-01-01', "'2001-01-01'"],
    ['<<', "'<<'"],
    ['=', "'='"],
    // Not resolved: PyYAML's float needs a dot, so these stay plain.
    ['1e3', '1e3'],
    ['1.0e3', '1.0e3'],
    // Indicators.
    ['-', "'-'"],
    ['-x', '-x'],
    ['- x', "'- x'"],
    ['a: b', "'a: b'"],
    ['a:b', 'a:b'],
    ['a #b', "'a #b'"],
    ['a#b', 'a#b'],
    ['#x', "'#x'"],
    ['@x', "'@x'"],
    ["it's", "it's"],
    ["'q'", "'''q'''"],
    ['"dq"', '\'"dq"\''],
    ['[x]', "'[x]'"],
    ['x,y', 'x,y'],
    ['? x', "'? x'"],
    ['?x', '?x'],
    ['---', "'---'"],
    ['...x', "'...x'"],
    ['a\\b', 'a\\b'],
    // Whitespace.
    ['', "''"],
    [' lead', "' lead'"],
    ['trail ', "'trail '"],
    // Double-quoted: characters that need escapes.
    ['-\t', '"-\\t"'],
    ['a\tb', '"a\\tb"'],
    ['bell\x07', '"bell\\a"'],
    ['\ufeffbom', '"\\uFEFFbom"'],
    ['\u{10ffff}', '"\\U0010FFFF"'],
    // allow_unicode: printable non-ASCII is written as is.
    ['Krüppel', 'Krüppel'],
    ['中文 😀', '中文 😀'],
    ['nbsp\xa0x', 'nbsp\xa0x'],
    // Line breaks: single-quoted, a break written as a blank line, continuation indented.
    ['line\nbreak', "'line\n\n  break'"],
    ['a\n\nb', "'a\n\n\n  b'"],
    ['trailing\n', "'trailing\n\n  '"],
    ['\x85', "'\x85  '"],
  ])('%j → %s', (s, expected) => {
    expect(toYaml([s])).toBe(`- ${expected}\n`);
  });
});

describe('toYaml: layout', () => {
  it('sorts keys by code point, quoting keys like values', () => {
    const value = { b: 1, a: 2, B: 3, _: 4, é: 5, '😀': 6, '\uffff': 7, '10': 8, '9': 9 };
    expect(toYaml(value)).toBe("'10': 8\n'9': 9\nB: 3\n_: 4\na: 2\nb: 1\né: 5\n\"\\uFFFF\": 7\n😀: 6\n");
  });

  it('does not indent sequences under keys; nests the rest by 2', () => {
    const value = { a: [1, [2, 3], { b: [] }], c: { d: { e: 'x' } }, f: {} };
    expect(toYaml(value)).toBe('a:\n- 1\n- - 2\n  - 3\n- b: []\nc:\n  d:\n    e: x\nf: {}\n');
  });

  it('writes sequences of sequences and empty collections in a list', () => {
    expect(toYaml([[1, [2]], [], {}])).toBe('- - 1\n  - - 2\n- []\n- {}\n');
  });

  it('writes a JASPAR matrix detail', () => {
    const detail: JsonObject = {
      matrix_id: 'MA0004.1',
      name: 'Arnt',
      base_id: 'MA0004',
      version: 1,
      collection: 'CORE',
      sequence_logo: null,
      pfm: {
        A: [float(4), float(19), float(0)],
        C: [float(16), float(0), float(20)],
        G: [float(0), float(1), float(0)],
        T: [float(0), float(0), float(0)],
      },
      species: [{ tax_id: 10090, name: 'Mus musculus' }],
      tfe_ids: [],
      pubmed_ids: ['8413627'],
      uniprot_ids: ['P53762'],
      type: 'SELEX',
      family: ['PAS domain factors'],
      class: ['Basic helix-loop-helix factors (bHLH)'],
      tffm: {},
      unknown: null,
      tax_group: 'vertebrates',
      source: '1.0e-3',
      score: float(1e-5),
    };
    expect(toYaml(detail)).toBe(
      [
        'base_id: MA0004',
        'class:',
        '- Basic helix-loop-helix factors (bHLH)',
        'collection: CORE',
        'family:',
        '- PAS domain factors',
        'matrix_id: MA0004.1',
        'name: Arnt',
        'pfm:',
        '  A:',
        '  - 4.0',
        '  - 19.0',
        '  - 0.0',
        '  C:',
        '  - 16.0',
        '  - 0.0',
        '  - 20.0',
        '  G:',
        '  - 0.0',
        '  - 1.0',
        '  - 0.0',
        '  T:',
        '  - 0.0',
        '  - 0.0',
        '  - 0.0',
        'pubmed_ids:',
        "- '8413627'",
        'score: 1.0e-05',
        'sequence_logo: null',
        "source: '1.0e-3'",
        'species:',
        '- name: Mus musculus',
        '  tax_id: 10090',
        'tax_group: vertebrates',
        'tfe_ids: []',
        'tffm: {}',
        'type: SELEX',
        'uniprot_ids:',
        '- P53762',
        'unknown: null',
        'version: 1',
        '',
      ].join('\n'),
    );
  });

  it('writes keys of 123+ code points, empty keys and multiline keys as explicit ? keys', () => {
    expect(toYaml({ ['k'.repeat(122)]: 1 })).toBe(`${'k'.repeat(122)}: 1\n`);
    expect(toYaml({ ['k'.repeat(123)]: [1] })).toBe(`? ${'k'.repeat(123)}\n: - 1\n`);
    expect(toYaml({ '': 1, 'a\nb': 2, '9606': 3 })).toBe("? ''\n: 1\n'9606': 3\n? 'a\n\n  b'\n: 2\n");
  });
});

describe('toYaml: folding at width 80', () => {
  it('folds a long plain description at spaces, continuation indented', () => {
    const description =
      'The Krüppel-like factor 4 binds to GC-rich sites and plays a role in differentiation, proliferation and apoptosis of many cell types, including epithelial cells.';
    expect(toYaml({ description })).toBe(
      'description: The Krüppel-like factor 4 binds to GC-rich sites and plays a role in\n' +
        '  differentiation, proliferation and apoptosis of many cell types, including epithelial\n' +
        '  cells.\n',
    );
  });

  it('folds only once the column passes 80', () => {
    expect(toYaml({ k: `${'x'.repeat(77)} y` })).toBe(`k: ${'x'.repeat(77)} y\n`);
    expect(toYaml({ k: `${'x'.repeat(78)} y` })).toBe(`k: ${'x'.repeat(78)}\n  y\n`);
  });

  it('counts code points, not UTF-16 units, for the column', () => {
    expect(toYaml({ k: `${'😀'.repeat(77)} y` })).toBe(`k: ${'😀'.repeat(77)} y\n`);
    expect(toYaml({ k: `${'😀'.repeat(78)} y` })).toBe(`k: ${'😀'.repeat(78)}\n  y\n`);
  });

  it('folds single-quoted strings, keeping the trailing space', () => {
    expect(toYaml({ k: "it's ".repeat(30) })).toBe(
      "k: 'it''s it''s it''s it''s it''s it''s it''s it''s it''s it''s it''s it''s it''s\n" +
        "  it''s it''s it''s it''s it''s it''s it''s it''s it''s it''s it''s it''s it''s it''s\n" +
        "  it''s it''s it''s '\n",
    );
  });

  it('folds double-quoted strings with an escaped line break', () => {
    expect(toYaml({ k: `\t${'word '.repeat(30)}` })).toBe(
      'k: "\\tword word word word word word word word word word word word word word word word\\\n' +
        '  \\ word word word word word word word word word word word word word word "\n',
    );
  });

  it('indents continuations by the item indent inside lists, never splits URLs', () => {
    const url =
      'http://jaspar.genereg.net/api/v1/matrix/MA0004.1/?format=yaml&some=long&query=string&that=goes&beyond=eighty';
    expect(toYaml({ results: [{ remark: `${'word '.repeat(20)}end`, url }] })).toBe(
      'results:\n' +
        '- remark: word word word word word word word word word word word word word word word\n' +
        '    word word word word word end\n' +
        `  url: ${url}\n`,
    );
  });
});

describe('RawYaml: splicing pre-rendered list items', () => {
  const records: JsonObject[] = [
    { matrix_id: 'MA0004.1', name: 'Arnt', species: [{ tax_id: 10090, name: 'Mus musculus' }], pfm: { A: [float(1)] } },
    { matrix_id: 'MA0006.1', name: 'Ahr::Arnt', species: [], remark: `${'a long remark '.repeat(8)}end`, score: null },
    { matrix_id: 'MA0009.1', name: '9606', collection: 'CORE' },
  ];

  it('renders one item as a top-level sequence item', () => {
    expect(yamlListItem({ b: 1, a: ['x'] })).toBe('- a:\n  - x\n  b: 1\n');
    expect(yamlListItem('foo')).toBe('- foo\n');
    expect(RawYaml.listItem({ a: 1 }).text).toBe('- a: 1\n');
  });

  it('gives the same bytes as the plain data in a list page', () => {
    const page = { count: 3, next: 'http://jaspar.genereg.net/api/v1/matrix/?page=2', previous: null };
    const spliced = toYaml({ ...page, results: records.map((r) => RawYaml.listItem(r)) });
    expect(spliced).toBe(toYaml({ ...page, results: records }));
    expect(spliced).toContain('results:\n- matrix_id: MA0004.1\n  name: Arnt\n  pfm:\n    A:\n    - 1.0\n');
  });

  it('gives the same bytes as the plain data in a top-level list', () => {
    const raw = records.map((r) => RawYaml.listItem(r));
    expect(toYaml(raw)).toBe(toYaml(records));
    expect(toYaml([raw[0] as RawYaml, records[1] as JsonObject, raw[2] as RawYaml])).toBe(toYaml(records));
  });

  it('refuses items where the list is indented (the item bytes would differ)', () => {
    const item = RawYaml.listItem({ a: 1 });
    expect(() => toYaml({ a: { b: [item] } })).toThrow(/indent 2/);
    expect(() => toYaml([[item]])).toThrow(/indent 2/);
    expect(() => toYaml({ a: item })).toThrow(/RawYaml/);
  });

  it('splices scalar items too', () => {
    expect(toYaml({ a: [RawYaml.listItem(new Float(2))] })).toBe('a:\n- 2.0\n');
  });
});
