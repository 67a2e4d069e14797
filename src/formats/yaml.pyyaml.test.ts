/**
 * Oracle test: toYaml against real PyYAML on a few hundred pseudo-random values. All values
 * are dumped by ONE python3 process; the outputs must match byte for byte.
 */
import { spawnSync } from 'node:child_process';
import { expect, it } from 'vitest';
import { prng } from '../../test/support/prng.js';
import { describeWith, pythonWith } from '../../test/support/requirements.js';

const PYYAML = pythonWith('yaml', 'python3-yaml');
import { Float, type Json, type JsonObject } from '../model/json.js';
import { pyFloatRepr, pyInt } from '../api/numbers.js';
import { RawYaml, toYaml, type YamlValue } from './yaml.js';

/** Strings that exercise the resolver, analyze_scalar and the three scalar styles. */
export const EDGE_STRINGS: readonly string[] = [
  '',
  ' ',
  '  ',
  'a',
  'foo',
  'Homo sapiens',
  'MA0001.1',
  'Krüppel',
  'Krüppel-like factor 4',
  'C2H2 ZF',
  '9606',
  '1',
  '0',
  '-1',
  '+1',
  '007',
  '08',
  '0o7',
  '0b101',
  '0x1F',
  '0xZZ',
  '1_000',
  '1:20',
  '190:20:30',
  '1.5',
  '.5',
  '5.',
  '1e3',
  '1e+3',
  '1.0e+3',
  '1.0e3',
  '1E-5',
  '.inf',
  '-.Inf',
  '+.INF',
  '.nan',
  '.NaN',
  'inf',
  'nan',
  'yes',
  'Yes',
  'YES',
  'yEs',
  'no',
  'No',
  'on',
  'ON',
  'off',
  'Off',
  'true',
  'True',
  'TRUE',
  'tRUE',
  'false',
  'y',
  'n',
  'null',
  'Null',
  'NULL',
  'nULL',
  '~',
  '<<',
  '<',
  '=',
  '==',
  '!',
  '&',
  '*',
  '!x',
  '&x',
  '*x',
  '%x',
  '@x',
  '`x',
  '2001-01-01',
  '2001-1-1',
  '2001-12-14t21:59:43.10-05:00',
  '2001-12-14 21:59:43.10 -5',
  '2001-12-14 21:59:43',
  '20011214',
  '-',
  '--',
  '---',
  '--- x',
  '...',
  '....',
  '-x',
  '- x',
  '-\t',
  '?',
  '? x',
  '?x',
  ':',
  ': x',
  ':x',
  'a:b',
  'a: b',
  'a:',
  'a :b',
  '#',
  '#x',
  'a#b',
  'a #b',
  'a\t#b',
  ',',
  ',x',
  'x,y',
  '[x]',
  'x[0]',
  '{x}',
  'x}',
  '|',
  '|x',
  'x|y',
  '>',
  '>x',
  "'",
  "'x'",
  "it's",
  '"',
  '"x"',
  'say "hi"',
  '\\',
  'a\\b',
  ' lead',
  'trail ',
  ' both ',
  'a  b',
  'a   b',
  '\t',
  'a\tb',
  'tab\t',
  '\n',
  'a\n',
  '\na',
  'a\nb',
  'a\n\nb',
  'a \nb',
  'a\n b',
  'a\r\nb',
  '\r',
  '\x00',
  '\x07',
  '\x1b[0m',
  '\x7f',
  '\x85',
  'a\x85b',
  '\xa0',
  'a\xa0b',
  '\u2028',
  'x\u2028y',
  'x\u2029y',
  '\ufeff',
  'a\ufeffb',
  '\ufffd',
  '\ufffe',
  '\uffff',
  '\ud800',
  'a\udc00b',
  '😀',
  'a😀b',
  '😀 😀',
  '\u{10ffff}',
  '\u{10fffe}',
  'ü',
  'é ü',
  'ß',
  '中文',
  'Ελληνικά',
  'x: 😀',
  "😀'😀",
  'http://jaspar.genereg.net/api/v1/matrix/MA0001.1/',
  'https://www.ncbi.nlm.nih.gov/pubmed/?term=10523643&report=abstract&format=text&sort=relevance',
  'http://example.org/#anchor',
  'x #y',
  'x # y',
];

const WORDS: readonly string[] = [
  'the',
  'a',
  'transcription',
  'factor',
  'binds',
  'to',
  'DNA',
  'MADS-box',
  'Krüppel-like',
  '(C2H2)',
  'zinc',
  'finger',
  'e.g.',
  'i.e.,',
  "it's",
  "'quoted'",
  '"dq"',
  '9606',
  'yes',
  'ü',
  '😀',
  '中文',
  'x:',
  'a:b',
  '#tag',
  'http://jaspar.genereg.net/api/v1/matrix/MA0001.1/',
  'averyveryveryveryveryveryverylongwordwithoutanyspacesatall',
  '-',
  '--',
  'A',
  'B',
  'CC',
  'DDD',
  'EEEE',
];

const TRICKY_CHARS = [
  ' ',
  ' ',
  ' ',
  'a',
  'b',
  'Z',
  '0',
  '1',
  '9',
  '.',
  '-',
  '+',
  '_',
  ':',
  '#',
  ',',
  '?',
  '[',
  ']',
  '{',
  '}',
  '!',
  '&',
  '*',
  '%',
  '@',
  '`',
  '|',
  '>',
  '~',
  '=',
  '<',
  "'",
  '"',
  '\\',
  '\t',
  '\n',
  '\r',
  '\x00',
  '\x7f',
  '\x85',
  '\xa0',
  '\u2028',
  '\u2029',
  '\ufeff',
  'é',
  'ü',
  '中',
  '😀',
  '\ud800',
  '\u{10ffff}',
];

type Rand = () => number;

function pick<T>(rand: Rand, xs: readonly T[]): T {
  return xs[Math.floor(rand() * xs.length)] as T;
}

function int(rand: Rand, lo: number, hi: number): number {
  return lo + Math.floor(rand() * (hi - lo + 1));
}

/** A sentence of up to `max` code units, with occasional separators other than one space. */
function sentence(rand: Rand, max: number, separators: readonly string[]): string {
  let s = pick(rand, WORDS);
  while (s.length < max) s += (rand() < 0.85 ? ' ' : pick(rand, separators)) + pick(rand, WORDS);
  return s;
}

function randomString(rand: Rand): string {
  const r = rand();
  if (r < 0.35) return pick(rand, EDGE_STRINGS);
  if (r < 0.55) {
    let s = '';
    const n = int(rand, 0, 10);
    for (let i = 0; i < n; i++) s += pick(rand, TRICKY_CHARS);
    return s;
  }
  if (r < 0.75) return sentence(rand, int(rand, 60, 400), [' ']);
  if (r < 0.85) return sentence(rand, int(rand, 60, 300), ['  ', "'", ': ', ' #']);
  if (r < 0.92) return sentence(rand, int(rand, 60, 300), ['\t', '\n', '\n\n', ' \n', '\n ', '\\', '"', '\x85', '😀']);
  return `${pick(rand, EDGE_STRINGS)} ${sentence(rand, int(rand, 40, 200), [' '])}${rand() < 0.5 ? ' ' : ''}`;
}

function randomKey(rand: Rand): string {
  const r = rand();
  if (r < 0.6)
    return pick(rand, [
      'id',
      'name',
      'matrix_id',
      'tax_id',
      'pfm',
      'A',
      'C',
      'G',
      'T',
      'species',
      'url',
      'z',
      'Z',
      '_x',
    ]);
  if (r < 0.85) return pick(rand, EDGE_STRINGS);
  if (r < 0.9) return 'k'.repeat(int(rand, 75, 122)); // the value starts past column 80
  if (r < 0.95) return 'k'.repeat(int(rand, 120, 135)); // around the simple key limit
  return randomString(rand);
}

function randomFloat(rand: Rand): Float {
  const r = rand();
  if (r < 0.3)
    return new Float(
      pick(rand, [
        0,
        -0,
        1,
        4,
        0.1,
        0.5,
        61.75,
        1e-5,
        1e-4,
        1e15,
        1e16,
        1e17,
        1.5e300,
        5e-324,
        Infinity,
        -Infinity,
        NaN,
      ]),
    );
  if (r < 0.6) return new Float(int(rand, -1000, 1000) / 4);
  return new Float((rand() - 0.5) * 10 ** int(rand, -8, 20));
}

function randomScalar(rand: Rand): Json {
  const r = rand();
  if (r < 0.05) return null;
  if (r < 0.1) return rand() < 0.5;
  if (r < 0.25) return pick(rand, [0, 1, -1, 9606, int(rand, -1e6, 1e6), 2 ** 53, -(2 ** 60), 1e20]);
  if (r < 0.4) return randomFloat(rand);
  return randomString(rand);
}

function randomValue(rand: Rand, depth: number): Json {
  const r = rand();
  if (depth <= 0 || r < 0.4) return randomScalar(rand);
  const n = int(rand, 0, 5);
  if (r < 0.7) return Array.from({ length: n }, () => randomValue(rand, depth - 1));
  const o: Record<string, Json> = {};
  for (let i = 0; i < n; i++) o[randomKey(rand)] = randomValue(rand, depth - 1);
  return o;
}

/** A JASPAR-like record, to build list pages from. */
function randomRecord(rand: Rand): JsonObject {
  return {
    matrix_id: `MA${String(int(rand, 0, 9999)).padStart(4, '0')}.${int(rand, 1, 3)}`,
    name: randomString(rand),
    url: `http://jaspar.genereg.net/api/v1/matrix/MA${int(rand, 0, 9999)}.1/`,
    species: [{ tax_id: int(rand, 1, 99999), name: randomString(rand) }],
    sequence_logo: rand() < 0.5 ? null : randomString(rand),
    pfm: { A: [new Float(int(rand, 0, 100)), randomFloat(rand)], C: [] },
    extra: randomValue(rand, 3),
  };
}

/** The Python literal (JSON that Python's json module loads with float/int kept apart). */
function toPythonJson(v: Json): string {
  if (v === null || typeof v === 'boolean' || typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number') return pyInt(v);
  if (v instanceof Float) {
    if (Number.isNaN(v.value)) return 'NaN';
    if (!Number.isFinite(v.value)) return v.value > 0 ? 'Infinity' : '-Infinity';
    return pyFloatRepr(v.value); // always has '.' or 'e', so Python loads a float
  }
  if (Array.isArray(v)) return `[${(v as readonly Json[]).map(toPythonJson).join(',')}]`;
  const o = v as JsonObject;
  return `{${Object.keys(o)
    .map((k) => `${JSON.stringify(k)}:${toPythonJson(o[k] as Json)}`)
    .join(',')}}`;
}

const PY_DUMP = `
import json, sys, yaml
data = json.loads(sys.stdin.read())
out = [yaml.safe_dump(x, default_flow_style=False, allow_unicode=True) for x in data]
sys.stdout.write(json.dumps(out))
`;

/** safe_dump every value in one python3 process. */
function pyyamlDumpAll(values: readonly Json[]): string[] {
  const r = spawnSync(PYYAML.interpreter, ['-c', PY_DUMP], {
    input: `[${values.map(toPythonJson).join(',')}]`,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  if (r.status !== 0) throw new Error(`python3 failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as string[];
}

interface Case {
  /** What toYaml is given (may hold RawYaml). */
  readonly input: YamlValue;
  /** The same data as plain Json, for Python. */
  readonly data: Json;
}

function cases(): Case[] {
  const rand = prng(20240611);
  const out: Case[] = [];
  // Every edge string at the top level, as a mapping value, as a key and as a list item.
  for (const s of EDGE_STRINGS) {
    out.push({ input: s, data: s });
    out.push({ input: { [s]: s, key: [s, { [s]: [s] }] }, data: { [s]: s, key: [s, { [s]: [s] }] } });
  }
  // Key order by code point, with astral characters and lone surrogates.
  const keys = [
    '\ud800',
    '\ud83d',
    '\ud83dx',
    '\ud83d\ude00',
    '\ud83d\ude01',
    '\ufeff',
    '\uffff',
    '\ue000',
    'a',
    'é',
    '\u{10ffff}',
  ];
  const sorted = Object.fromEntries(keys.map((k, i) => [k, i]));
  out.push({ input: sorted, data: sorted });
  // Random nested values.
  for (let i = 0; i < 400; i++) {
    const v = randomValue(rand, int(rand, 0, 5));
    out.push({ input: v, data: v });
  }
  // Long strings at many depths (folding depends on the column and the indent).
  for (let i = 0; i < 120; i++) {
    let v: Json = randomString(rand);
    for (let d = int(rand, 0, 6); d > 0; d--) v = rand() < 0.5 ? [v] : { [randomKey(rand)]: v };
    out.push({ input: v, data: v });
  }
  // List pages with pre-rendered records, top-level lists of pre-rendered records.
  for (let i = 0; i < 40; i++) {
    const records = Array.from({ length: int(rand, 1, 6) }, () => randomRecord(rand));
    const raw = records.map((r) => RawYaml.listItem(r));
    const next = rand() < 0.5 ? null : 'http://jaspar.genereg.net/api/v1/matrix/?page=2';
    out.push({
      input: { count: records.length, next, previous: null, results: raw },
      data: { count: records.length, next, previous: null, results: records },
    });
    out.push({ input: raw, data: records });
    const scalars = Array.from({ length: 3 }, () => randomValue(rand, 2));
    out.push({ input: { a: scalars.map((s) => RawYaml.listItem(s)) }, data: { a: scalars } });
  }
  return out;
}

describeWith('toYaml matches PyYAML safe_dump byte for byte', [PYYAML], () => {
  it('agrees on every generated value', () => {
    const all = cases();
    expect(all.length).toBeGreaterThan(300);
    const expected = pyyamlDumpAll(all.map((c) => c.data));
    const mismatches: string[] = [];
    all.forEach((c, i) => {
      const actual = toYaml(c.input);
      if (actual !== expected[i]) {
        mismatches.push(
          `#${i} ${toPythonJson(c.data).slice(0, 300)}\n  pyyaml: ${JSON.stringify(expected[i])}\n  toYaml: ${JSON.stringify(actual)}`,
        );
      }
    });
    expect(mismatches.slice(0, 5).join('\n')).toBe('');
    expect(mismatches.length).toBe(0);
  });
});
