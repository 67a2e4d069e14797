/**
 * The four letters as filled SVG paths in a 100 × 100 box (no fonts needed, so a logo looks
 * the same everywhere), and the palette. A logo defines each glyph once and scales it with
 * `<use>`.
 */
import type { Base } from '../model/types.js';

/** Width and height of the box every glyph is drawn in. */
export const GLYPH_BOX = 100;

/** Letter colours: A green, C blue, G amber, T red. */
export const PALETTE: Readonly<Record<Base, string>> = {
  A: '#109648',
  C: '#255C99',
  G: '#F7B32B',
  T: '#D62839',
};

/**
 * Path data per letter (fill-rule evenodd, for the counter of A). C and G are rings of outer
 * radius 50 and inner radius 32 around (50, 50), open on the right; G adds its bar.
 */
export const GLYPHS: Readonly<Record<Base, string>> = {
  A: 'M0 100L38 0H62L100 100H79L70 75H30L21 100ZM37 58H63L50 24Z',
  C: 'M88.3 17.86A50 50 0 1 0 88.3 82.14L74.51 70.57A32 32 0 1 1 74.51 29.43Z',
  G: 'M88.3 17.86A50 50 0 1 0 96.98 67.1V48H54V63H79.24A32 32 0 1 1 74.51 29.43Z',
  T: 'M0 0H100V17H60V100H40V17H0Z',
};
