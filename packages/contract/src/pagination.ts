/** One entry of a pagination bar: a page number, or a gap shown as an ellipsis. */
export type PageItem = { type: 'page'; page: number } | { type: 'gap'; key: string };

/** Below this many pages every page is shown (spec §9). */
export const PAGINATION_SHOW_ALL_BELOW = 10;
const EDGE = 3;

/**
 * The pagination window of spec §9: every page when there are fewer than 10, else the first 3, the
 * current page and the last 3, with an ellipsis wherever pages are left out. `current` is clamped to
 * 1..total; no pages gives an empty list.
 */
export function paginationWindow(current: number, totalPages: number): PageItem[] {
  const total = Math.max(0, Math.floor(totalPages));
  if (total === 0) return [];
  const page = Math.min(Math.max(1, Math.floor(current) || 1), total);
  const pages = new Set<number>();
  if (total < PAGINATION_SHOW_ALL_BELOW) {
    for (let p = 1; p <= total; p++) pages.add(p);
  } else {
    for (let p = 1; p <= EDGE; p++) pages.add(p);
    pages.add(page);
    for (let p = total - EDGE + 1; p <= total; p++) pages.add(p);
  }
  const sorted = [...pages].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const p of sorted) {
    if (p - previous > 1) items.push({ type: 'gap', key: `gap-${previous}-${p}` });
    items.push({ type: 'page', page: p });
    previous = p;
  }
  return items;
}

/** The window as text, e.g. "1 2 3 … 7 … 18 19 20" (tests, screen-reader summaries). */
export function describePaginationWindow(items: PageItem[]): string {
  return items.map((item) => (item.type === 'page' ? String(item.page) : '…')).join(' ');
}
