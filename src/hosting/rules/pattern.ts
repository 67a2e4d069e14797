/** A text as a PCRE pattern matching it literally (`/` escaped too): the hosts' rules rendered from the rule groups. */
export const esc = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
