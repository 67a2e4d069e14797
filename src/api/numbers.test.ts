import { describe, expect, it } from 'vitest';
import { pyFixed, pyFixedWidth, pyFloatRepr } from './numbers.js';

describe('pyFloatRepr (Python repr of float)', () => {
  it.each([
    [4, '4.0'],
    [61.75, '61.75'],
    [1381, '1381.0'],
    [1e-5, '1e-05'],
    [0.0001, '0.0001'],
    [1e16, '1e+16'],
    [1e15, '1000000000000000.0'],
    [1.5e16, '1.5e+16'],
    [123456789012345680, '1.2345678901234568e+17'],
    // biome-ignore lint/correctness/noPrecisionLoss: the literal as a dump writes it; its double is what is tested
    [-1042.130000000000109, '-1042.13'],
    // biome-ignore lint/correctness/noPrecisionLoss: as above
    [-917.58399999999994637, '-917.584'],
    [0.1 + 0.2, '0.30000000000000004'],
    [0, '0.0'],
    [-0, '-0.0'],
    [2.5e-7, '2.5e-07'],
    [1e100, '1e+100'],
    [Infinity, 'inf'],
    [NaN, 'nan'],
  ])('%s → %s', (x, expected) => {
    expect(pyFloatRepr(x)).toBe(expected);
  });
});

describe('pyFixed (printf %f, ties to even on the exact value)', () => {
  it.each([
    [0.5, 0, '0'],
    [1.5, 0, '2'],
    [2.5, 0, '2'],
    [3.5, 0, '4'],
    [-2.5, 0, '-2'],
    [0.125, 2, '0.12'],
    [0.375, 2, '0.38'],
    [2.675, 2, '2.67'], // 2.675 is 2.67499999… in binary
    [1.005, 2, '1.00'],
    [4, 2, '4.00'],
    [0.2, 6, '0.200000'],
    [1 / 3, 6, '0.333333'],
    [0.0000005, 6, '0.000000'], // binary value is just below the tie
    [1234567.891, 0, '1234568'],
    // Negative zero keeps its sign, as C's and Python's %f do ('%.2f' % -0.0 == '-0.00').
    [-0, 0, '-0'],
    [-0, 2, '-0.00'],
    [-0, 6, '-0.000000'],
    [-0.0000001, 2, '-0.00'],
    [0, 2, '0.00'],
  ])('%s with precision %s → %s', (x, p, expected) => {
    expect(pyFixed(x, p)).toBe(expected);
  });

  it('pads to the width and overflows it for large values', () => {
    expect(pyFixedWidth(4, 6, 0)).toBe('     4');
    expect(pyFixedWidth(19, 6, 2)).toBe(' 19.00');
    expect(pyFixedWidth(1234567, 6, 0)).toBe('1234567');
    expect(pyFixedWidth(1000000, 6, 2)).toBe('1000000.00');
  });
});

describe('the fast paths agree with the general formula', () => {
  // The general formula (the shortest digits placed by Python's rules), written out again.
  function reprByDigits(x: number): string {
    const [mantissa = '0', exp = '0'] = Math.abs(x).toExponential().split('e');
    const digits = mantissa.replace('.', '');
    const decpt = Number(exp) + 1;
    const sign = x < 0 ? '-' : '';
    if (decpt > 16 || decpt < -3) {
      const e = decpt - 1;
      const mant = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
      return `${sign}${mant}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
    }
    if (decpt <= 0) return `${sign}0.${'0'.repeat(-decpt)}${digits}`;
    if (decpt >= digits.length) return `${sign}${digits}${'0'.repeat(decpt - digits.length)}.0`;
    return `${sign}${digits.slice(0, decpt)}.${digits.slice(decpt)}`;
  }

  it('pyFloatRepr, around the bounds of the plain notation and at random', () => {
    const xs = [
      1e-4,
      9.999999999999999e-5,
      1.0000000000000002e-4,
      1e16,
      9999999999999998,
      1e16 - 2,
      0.5,
      3,
      1e15 + 0.5,
    ];
    let seed = 46;
    const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    for (let i = 0; i < 20000; i++) {
      const x = (random() - 0.5) * 10 ** Math.floor(random() * 44 - 22);
      xs.push(x, Math.round(x));
    }
    for (const x of xs) {
      if (x === 0) continue;
      expect(pyFloatRepr(x), String(x)).toBe(reprByDigits(x));
      expect(pyFloatRepr(-x), String(-x)).toBe(reprByDigits(-x));
    }
  });

  it('pyFixed of an integer, as toFixed writes it (but -0, which toFixed writes unsigned: above)', () => {
    for (const x of [0, 1, -1, 7, 123456, -99999, 2 ** 40, 99999999999999])
      for (const p of [0, 1, 2, 6])
        if (Math.abs(x) * 10 ** p < 1e15) expect(pyFixed(x, p), `${x} ${p}`).toBe(x.toFixed(p));
  });
});
