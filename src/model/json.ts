/**
 * The data model every data format (JSON, JSONP, YAML, HTML) renders. It mirrors Python's
 * types as DRF sees them: integers and floats are different (`4` vs `4.0`), so floats are
 * wrapped in {@link Float}. Objects keep their key order.
 */
export class Float {
  constructor(readonly value: number) {}
}

export type Json = null | boolean | string | number | Float | readonly Json[] | JsonObject;
export interface JsonObject {
  readonly [key: string]: Json;
}

/** Wrap a number as a Python float. */
export function float(value: number): Float {
  return new Float(value);
}

/** Wrap a nullable number as a Python float or null. */
export function floatOrNull(value: number | null): Float | null {
  return value === null ? null : new Float(value);
}
