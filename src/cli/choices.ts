/**
 * The valid values of the build's list options, read from the tables that define them (never
 * copied), so a format, host target, order field or filter added there is accepted here at once.
 */
import { FORMAT_NAMES, type FormatName } from '../api/formats.js';
import { PREBUILT_FILTERS, RESOURCES } from '../api/resources.js';
import { HOST_TARGETS, type HostTarget } from '../targets/registry.js';
import { MAX_PAGE_SIZE } from '../routes/page-size.js';

const unique = (xs: readonly string[]): readonly string[] => [...new Set(xs)];

/** `--formats`: every format of the format table. */
export const FORMAT_CHOICES: readonly FormatName[] = FORMAT_NAMES;

/** `--targets`: every host with an adapter. */
export const TARGET_CHOICES: readonly HostTarget[] = HOST_TARGETS;

/** `--orders`: every order field of any list in the resource table. */
export const ORDER_CHOICES: readonly string[] = unique(
  RESOURCES.flatMap((r) => (r.kind === 'list' ? [...r.orders] : [])),
);

/** `--filters`: the matrix-list filters whose selections can be prebuilt (the others need a computing host). */
export const FILTER_CHOICES: readonly string[] = PREBUILT_FILTERS.map((f) => f.key);

/** The largest page a list serves (larger `page_size` values are clamped to it). */
export const PAGE_SIZE_LIMIT = MAX_PAGE_SIZE;
