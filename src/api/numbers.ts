/**
 * Python-compatible number formatting, the one place every renderer formats numbers.
 *
 * JavaScript and Python agree on the shortest round-trip digits of a double, but not on
 * when to switch to exponent notation, on how to write the exponent, or on how `%f`
 * rounds exact ties (Python: half to even on the exact binary value; JS `toFixed`: up).
 */

/** Shortest round-trip digits and decimal exponent: value = 0.d1d2d3… × 10^decpt. */
function shortestDigits(x: number): { digits: string; decpt: number } {
  // toExponential() without an argument gives the shortest digits that round-trip.
  const [mantissa = '0', exp = '0'] = Math.abs(x).toExponential().split('e');
  const digits = mantissa.replace('.', '');
  return { digits, decpt: Number(exp) + 1 };
}

/**
 * Python's `repr(float)` (also `str(float)` in Python 3): `4.0`, `61.75`, `1e-05`, `1e+16`,
 * `-1042.13`, `inf`, `nan`.
 */
export function pyFloatRepr(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  // Between 1e-4 and 1e16 both languages write the shortest digits without an exponent, the same
  // way (JavaScript's own exponent starts below 1e-6 and at 1e21), and Python adds `.0` to an integer.
  const a = Math.abs(x);
  if (a >= 1e-4 && a < 1e16) return Number.isInteger(x) ? `${x}.0` : String(x);
  const sign = x < 0 ? '-' : '';
  const { digits, decpt } = shortestDigits(x);
  if (decpt > 16 || decpt < -3) {
    // Exponent form: d[.ddd]e±XX with at least two exponent digits.
    const e = decpt - 1;
    const mant = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    const expAbs = String(Math.abs(e)).padStart(2, '0');
    return `${sign}${mant}e${e < 0 ? '-' : '+'}${expAbs}`;
  }
  if (decpt <= 0) return `${sign}0.${'0'.repeat(-decpt)}${digits}`;
  if (decpt >= digits.length) return `${sign}${digits}${'0'.repeat(decpt - digits.length)}.0`;
  return `${sign}${digits.slice(0, decpt)}.${digits.slice(decpt)}`;
}

/** Python's `str(int)` for an integer-valued number. */
export function pyInt(x: number): string {
  return Number.isSafeInteger(x) ? String(x) : BigInt(Math.trunc(x)).toString();
}

/** Split a finite double into an exact rational m / 2^k with m an integer (k ≥ 0). */
function exactBinary(x: number): { m: bigint; k: bigint } {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, Math.abs(x));
  const bits = view.getBigUint64(0);
  const exponent = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & 0xfffffffffffffn;
  const m = exponent === 0 ? fraction : fraction | (1n << 52n);
  const e = (exponent === 0 ? 1 : exponent) - 1075; // value = m × 2^e
  return e >= 0 ? { m: m << BigInt(e), k: 0n } : { m, k: BigInt(-e) };
}

/**
 * C/Python `%.{precision}f`: correctly rounded from the exact binary value, ties to even.
 */
export function pyFixed(x: number, precision: number): string {
  if (!Number.isFinite(x)) return pyFloatRepr(x);
  // Fast path: V8's toFixed is correctly rounded from the exact value and differs from C only
  // on exact ties (it rounds them away from zero). Only values near a tie take the exact path.
  const scaled0 = Math.abs(x) * POW10[precision]!;
  const frac = scaled0 - Math.floor(scaled0);
  // -0 (a dump's `-0.0`) is `-0.00` in C, `0.00` to toFixed and String: the exact path writes its sign.
  if (precision <= 20 && scaled0 < 1e15 && Math.abs(frac - 0.5) > 1e-7 && !Object.is(x, -0)) {
    // An integer (most counts) is its digits and `precision` zeros, as toFixed writes it.
    if (frac === 0 && Number.isInteger(x)) return precision === 0 ? String(x) : `${String(x)}.${ZEROS[precision]}`;
    return x.toFixed(precision);
  }
  return exactFixed(x, precision);
}

const POW10: readonly number[] = Array.from({ length: 23 }, (_, i) => 10 ** i);
const ZEROS: readonly string[] = Array.from({ length: 23 }, (_, i) => '0'.repeat(i));

function exactFixed(x: number, precision: number): string {
  const { m, k } = exactBinary(x);
  const scaled = m * 10n ** BigInt(precision); // value × 10^p = scaled / 2^k
  let q = k === 0n ? scaled : scaled >> k;
  if (k > 0n) {
    const rem = scaled - (q << k);
    const half = 1n << (k - 1n);
    if (rem > half || (rem === half && (q & 1n) === 1n)) q += 1n;
  }
  let s = q.toString();
  if (precision > 0) {
    s = s.padStart(precision + 1, '0');
    s = `${s.slice(0, -precision)}.${s.slice(-precision)}`;
  }
  const negative = x < 0 || Object.is(x, -0);
  return negative ? `-${s}` : s;
}

/** C/Python `%{width}.{precision}f`: right-aligned, never truncated when wider. */
export function pyFixedWidth(x: number, width: number, precision: number): string {
  return pyFixed(x, precision).padStart(width, ' ');
}
