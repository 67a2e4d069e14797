import { describe, expect, it } from 'vitest';
import type { Pfm } from '../model/types.js';
import { logoFile } from './files.js';
import { coordinate, logoSvg } from './svg.js';

const ARNT: Pfm = { A: [4, 19, 0, 0, 0, 0], C: [16, 0, 20, 0, 0, 0], G: [0, 1, 0, 20, 0, 20], T: [0, 0, 0, 0, 20, 0] };

describe('logo SVG', () => {
  it('defines each glyph once and places letters with <use>', () => {
    const svg = logoSvg(ARNT);
    for (const b of ['A', 'C', 'G', 'T']) expect(svg.match(new RegExp(`<path id="g${b}"`, 'g'))).toHaveLength(1);
    // Columns: A+C, A+G, C, G, T, G → 8 letters.
    expect(svg.match(/<use /g)).toHaveLength(8);
    expect(svg).toContain('#109648');
    expect(svg).not.toMatch(/@import|url\(|<image|font-face/);
  });

  it('is deterministic and sized by the number of columns', () => {
    expect(logoSvg(ARNT)).toBe(logoSvg(ARNT));
    const w = (pfm: Pfm) => Number(/width="(\d+)"/.exec(logoSvg(pfm))?.[1]);
    expect(w({ A: [1, 1], C: [0, 0], G: [0, 0], T: [0, 0] }) - w({ A: [1], C: [0], G: [0], T: [0] })).toBe(24);
    expect(logoSvg({ A: [], C: [], G: [], T: [] })).toMatch(/^<svg/);
  });

  it('a 2-bit column fills the plot height exactly', () => {
    const svg = logoSvg({ A: [0], C: [7], G: [0], T: [0] });
    expect(svg).toContain('<use href="#gC" transform="translate(41 10) scale(0.22 1.2)"/>');
  });

  it('names forward and reverse-complement files', () => {
    expect(logoFile('MA0004.1', 'forward')).toBe('static/logos/svg/MA0004.1.svg');
    expect(logoFile('MA0004.1', 'reverse')).toBe('static/logos/svg/MA0004.1.rc.svg');
    expect(() => logoFile('../x', 'forward')).toThrow();
  });
});

describe('coordinate', () => {
  it('writes what String(Math.round(v * 1000) / 1000) writes', () => {
    const plain = (v: number) => String(Math.round(v * 1000) / 1000);
    const xs = [0, -0, 0.0005, -0.0005, 0.0004999, 1e11, 1e12, 1e15 + 0.25, Number.NaN, Number.POSITIVE_INFINITY];
    for (let r = -20000; r <= 20000; r++) xs.push(r / 1000, r / 999);
    let seed = 46;
    const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    for (let i = 0; i < 100000; i++) xs.push((random() - 0.5) * 10 ** Math.floor(random() * 16 - 4));
    for (const v of xs) expect(coordinate(v), String(v)).toBe(plain(v));
  });
});
