/**
 * Writes a logo's geometry as a standalone SVG: each letter glyph defined once in `<defs>`
 * and placed with `<use>` scaled to its height; a y axis in bits (0–2) and the positions on
 * the x axis. Deterministic: same PFM, same bytes.
 */
import { BASES, type Pfm } from '../model/types.js';
import { logoColumns, MAX_BITS, type LogoColumn } from './geometry.js';
import { GLYPH_BOX, GLYPHS, PALETTE } from './glyphs.js';

/** Pixel layout of a logo. */
const LAYOUT = { column: 24, plot: 120, left: 40, right: 8, top: 10, bottom: 26, pad: 1 } as const;

/**
 * A coordinate with at most three decimals and no exponent noise: `String(Math.round(v * 1000) / 1000)`,
 * written from the integer thousandths (that division's shortest digits are those thousandths'
 * digits, trailing zeros dropped, far below 1e12), twice as fast as formatting the double.
 */
export function coordinate(v: number): string {
  const r = Math.round(v * 1000);
  const a = r < 0 ? -r : r;
  if (!(a < 1e12)) return String(r / 1000);
  if (a === 0) return '0';
  const whole = Math.floor(a / 1000);
  const frac = a - whole * 1000;
  const sign = r < 0 ? '-' : '';
  if (frac === 0) return `${sign}${whole}`;
  const digits =
    frac % 100 === 0
      ? String(frac / 100)
      : frac % 10 === 0
        ? `${frac < 100 ? '0' : ''}${frac / 10}`
        : `${frac < 10 ? '00' : frac < 100 ? '0' : ''}${frac}`;
  return `${sign}${whole}.${digits}`;
}
const n = coordinate;

const glyphId = (base: string): string => `g${base}`;

function defs(): string {
  const paths = BASES.map(
    (b) => `<path id="${glyphId(b)}" fill="${PALETTE[b]}" fill-rule="evenodd" d="${GLYPHS[b]}"/>`,
  );
  return `<defs>${paths.join('')}</defs>`;
}

function yAxis(): string {
  const x = LAYOUT.left - 4;
  const bottom = LAYOUT.top + LAYOUT.plot;
  const parts = [`<path d="M${x} ${LAYOUT.top}V${bottom}" stroke="#444" fill="none"/>`];
  for (let bits = 0; bits <= MAX_BITS; bits += 0.5) {
    const y = n(bottom - (bits / MAX_BITS) * LAYOUT.plot);
    const major = Number.isInteger(bits);
    parts.push(`<path d="M${x - (major ? 5 : 3)} ${y}H${x}" stroke="#444"/>`);
    if (major) parts.push(`<text x="${x - 7}" y="${y}" text-anchor="end" dominant-baseline="middle">${bits}</text>`);
  }
  const mid = n(LAYOUT.top + LAYOUT.plot / 2);
  parts.push(`<text transform="translate(11 ${mid}) rotate(-90)" text-anchor="middle">bits</text>`);
  return parts.join('');
}

function xAxis(width: number): string {
  const y = LAYOUT.top + LAYOUT.plot;
  const parts = [
    `<path d="M${LAYOUT.left - 4} ${y}H${LAYOUT.left + width * LAYOUT.column}" stroke="#444" fill="none"/>`,
  ];
  for (let i = 0; i < width; i++) {
    const x = n(LAYOUT.left + (i + 0.5) * LAYOUT.column);
    parts.push(`<text x="${x}" y="${y + 16}" text-anchor="middle">${i + 1}</text>`);
  }
  return parts.join('');
}

/** The horizontal scale of every glyph. */
const SX = n((LAYOUT.column - 2 * LAYOUT.pad) / GLYPH_BOX);

function stack(column: LogoColumn, index: number): string {
  // The column's x and scale written once for its letters.
  const at = `translate(${n(LAYOUT.left + index * LAYOUT.column + LAYOUT.pad)} `;
  let y = LAYOUT.top + LAYOUT.plot;
  const uses: string[] = [];
  for (const letter of column.letters) {
    const h = (letter.bits / MAX_BITS) * LAYOUT.plot;
    y -= h;
    // Letters thinner than a thousandth of a pixel would print as scale(…,0); leave them out.
    if (Math.round(h * 1000) === 0) continue;
    uses.push(`<use href="#${glyphId(letter.base)}" transform="${at}${n(y)}) scale(${SX} ${n(h / GLYPH_BOX)})"/>`);
  }
  return uses.join('');
}

/** The SVG document of the information-content logo of `pfm`. */
export function logoSvg(pfm: Pfm): string {
  const columns = logoColumns(pfm);
  const width = LAYOUT.left + columns.length * LAYOUT.column + LAYOUT.right;
  const height = LAYOUT.top + LAYOUT.plot + LAYOUT.bottom;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">`,
    defs(),
    `<g font-family="sans-serif" font-size="10" fill="#333">${yAxis()}${xAxis(columns.length)}</g>`,
    `<g>${columns.map(stack).join('')}</g>`,
    '</svg>\n',
  ].join('\n');
}
