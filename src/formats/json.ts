/**
 * JSON exactly as DRF's JSONRenderer writes it (contract §5): compact separators, UTF-8 not
 * escaped (but U+2028/U+2029 escaped, as DRF does), floats as Python's repr.
 */
import { Float, type Json } from '../model/json.js';
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
  if (Array.isArray(value)) return `[${(value as readonly Json[]).map((v) => toJson(v, memo)).join(',')}]`;
  return memo(value, () => {
    const parts: string[] = [];
    for (const [k, v] of Object.entries(value)) parts.push(`${jsonString(k)}:${toJson(v, memo)}`);
    return `{${parts.join(',')}}`;
  });
}
