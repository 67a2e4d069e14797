/**
 * Scan's relative threshold as a form or query string gives it (contract §11): a percentage from
 * 0 to 100, JASPAR's default 80 when none is given. A decimal number (`80`, `92.5`, `8e1`),
 * optionally followed by `%`; anything else, or a number outside 0–100, gets a one-line message.
 */
import { shorten } from '../errors.js';

export type ThresholdResult =
  | { readonly ok: true; readonly value: number }
  | { readonly ok: false; readonly message: string };

export const DEFAULT_THRESHOLD = 80;

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?%?$/i;

export function readThreshold(text: string | null | undefined): ThresholdResult {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return { ok: true, value: DEFAULT_THRESHOLD };
  const value = NUMBER.test(trimmed) ? Number(trimmed.replace(/%$/, '')) : Number.NaN;
  if (!(value >= 0 && value <= 100))
    return {
      ok: false,
      message: `The threshold must be a percentage from 0 to 100, not "${shorten(trimmed, 20)}".`,
    };
  return { ok: true, value };
}
