/**
 * Why a rules-only host has no file for a request (contract §8): the refusal reasons of the
 * prebuilt plan (prebuilt-plan.ts) as data, and the one wording of each, which every copy of
 * the rules tier says inside `unavailableHere` (src/api/errors.ts): the runtime's rules mode
 * (prebuilt.ts, src/runtime/resolve-list.ts), the rule files' error bodies
 * (src/hosting/rules/host-errors.ts) and the CloudFront function (src/hosts/cloudfront/function-list.ts,
 * which bundles the wording functions below, so this module imports nothing and runs nothing
 * at load: every byte of it may end up in a 10 KB function).
 */

/** What part of a request no prebuilt file holds. */
export type Unprebuilt =
  /** A filter whose selections the build did not prebuild. */
  | { readonly kind: 'filter'; readonly key: string }
  /** More than one ordering field (only single orders are prebuilt). */
  | { readonly kind: 'several-orders' }
  /** An order not prebuilt (on a filtered list, where `filtered`); null: the value cannot be echoed (a rule file's fixed body). */
  | { readonly kind: 'order'; readonly order: string | null; readonly filtered: boolean }
  /** A `page_size` not prebuilt, as sent; null: the value cannot be echoed. */
  | { readonly kind: 'page-size'; readonly text: string | null }
  /** A filter value that is no stored value (no file can be named after it): it selects no matrix. */
  | { readonly kind: 'empty-selection' }
  /** A filter on a list's format-suffix form, where a host keeps no rules for selections. */
  | { readonly kind: 'suffix-filter' }
  /** A parameter name with `%` escapes, which a host comparing names as sent cannot read. */
  | { readonly kind: 'encoded-name' };

/** The wording of a filter not prebuilt. */
export const filterText = (key: string): string => `The filter ${key}`;
/** The wording of an order not prebuilt. */
export const orderText = (order: string, filtered: boolean): string =>
  `order=${order}${filtered ? ' on a filtered list' : ''}`;
/** The wording of a page size not prebuilt, as the client wrote it. */
export const pageSizeText = (text: string): string => `page_size=${text}`;
export const SEVERAL_ORDERS_TEXT = 'Ordering by several fields';
export const EMPTY_SELECTION_TEXT = 'A filter selection that matches no matrix';

/** What a refusal says is not available (the subject of `unavailableHere`). */
export function unprebuiltText(u: Unprebuilt): string {
  switch (u.kind) {
    case 'filter':
      return filterText(u.key);
    case 'several-orders':
      return SEVERAL_ORDERS_TEXT;
    case 'order':
      return u.order === null ? 'This order' : orderText(u.order, u.filtered);
    case 'page-size':
      return u.text === null ? 'This page_size' : pageSizeText(u.text);
    case 'empty-selection':
      return EMPTY_SELECTION_TEXT;
    case 'suffix-filter':
      return 'A filter on the format-suffix form of a list (use format=)';
    case 'encoded-name':
      return 'A parameter name written with %-escapes';
  }
}
