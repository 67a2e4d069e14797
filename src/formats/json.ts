/**
 * JSON exactly as DRF's JSONRenderer writes it (contract §5): compact separators, UTF-8 not
 * escaped (but U+2028/U+2029 escaped, as DRF does), floats as Python's repr.
 */
import { Float, type Json, type JsonObject } from '../model/json.js';
import { jsonString } from './json-string.js';
import { pyFloatRepr } from '../api/numbers.js';

/** Memoises the serialisation of objects reused across many list pages. */
export type JsonMemo = (obj: object, make: () => string) => string;

const noMemo: JsonMemo = (_obj, make) => make();

function jsonNumber(f: number): string {
  if (Number.isFinite(f)) return pyFloatRepr(f);
  // Python's json writes these non-standard tokens; they cannot come from a valid dump.
  return Number.isNaN(f) ? 'NaN' : f > 0 ? 'Infinity' : '-Infinity';
}

/** Object keys as JSON strings: a release's records repeat a few dozen names thousands of times. */
const KEYS = new Map<string, string>();
const MAX_KEYS = 4096;

function jsonKey(k: string): string {
  let quoted = KEYS.get(k);
  if (quoted === undefined) {
    quoted = jsonString(k);
    if (KEYS.size < MAX_KEYS) KEYS.set(k, quoted);
  }
  return quoted;
}

function objectJson(value: JsonObject, memo: JsonMemo): string {
  const keys = Object.keys(value);
  let out = '{';
  for (let i = 0; i < keys.length; i++)
    out += `${i === 0 ? '' : ','}${jsonKey(keys[i]!)}:${toJson(value[keys[i]!]!, memo)}`;
  return `${out}}`;
}

/** Serialise `value` as DRF's compact JSON. */
export function toJson(value: Json, memo: JsonMemo = noMemo): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return jsonString(value);
    case 'number':
      return String(value);
    case 'boolean':
      return value ? 'true' : 'false';
  }
  if (value instanceof Float) return jsonNumber(value.value);
  if (Array.isArray(value)) {
    const items = value as readonly Json[];
    let out = '[';
    for (let i = 0; i < items.length; i++) out += `${i === 0 ? '' : ','}${toJson(items[i]!, memo)}`;
    return `${out}]`;
  }
  const object = value as JsonObject;
  return memo === noMemo ? objectJson(object, memo) : memo(object, () => objectJson(object, memo));
}
