import type { ModelStatsEntry, WindowFigures } from '../../api/model-stats-api.ts';

/** Which window's figures the table shows. */
export type FiguresWindow = 'last24Hours' | 'last7Days';

export const SORT_KEYS = ['name', 'credits', 'context', 'tier', 'answers', 'errorRate', 'firstTokenP50', 'firstTokenP95', 'speed'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDirection = 'ascending' | 'descending';
export interface ModelSort {
  key: SortKey;
  direction: SortDirection;
}

const TIER_ORDER = { guest: 0, registered: 1, paid: 2 } as const;

/** The value a row is sorted by; null for a figure not given yet. */
function sortValue(entry: ModelStatsEntry, key: SortKey, window: FiguresWindow): number | string | null {
  const figures: WindowFigures = entry[window];
  switch (key) {
    case 'name':
      return entry.name.toLowerCase();
    case 'credits':
      return entry.credits;
    case 'context':
      return entry.contextTokens;
    case 'tier':
      return TIER_ORDER[entry.tier];
    case 'answers':
      return figures.answers;
    case 'errorRate':
      return figures.errorRate.value;
    case 'firstTokenP50':
      return figures.timeToFirstTokenMs.p50;
    case 'firstTokenP95':
      return figures.timeToFirstTokenMs.p95;
    case 'speed':
      return figures.outputTokensPerSecond.p50;
  }
}

/** What a first click on a column sorts by: names A to Z, every number from the highest (the busiest, dearest, slowest) down. */
export const firstDirection = (key: SortKey): SortDirection => (key === 'name' ? 'ascending' : 'descending');

/** The next sort after a click on `key`: that column the other way round if it was already the sort, else its first direction. */
export function nextSort(current: ModelSort | null, key: SortKey): ModelSort {
  if (current?.key === key) return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  return { key, direction: firstDirection(key) };
}

/**
 * The rows in the chosen order; without a sort, the catalogue's (by engine). A figure not given yet always goes last,
 * whichever way the column is sorted: "not enough answers" is neither fast nor slow. Ties keep the catalogue order.
 */
export function sortModels(entries: readonly ModelStatsEntry[], sort: ModelSort | null, window: FiguresWindow): ModelStatsEntry[] {
  if (!sort) return [...entries];
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return entries
    .map((entry, index) => ({ entry, index, value: sortValue(entry, sort.key, window) }))
    .sort((a, b) => {
      if (a.value === null || b.value === null) return a.value === b.value ? a.index - b.index : a.value === null ? 1 : -1;
      const order = typeof a.value === 'string' ? a.value.localeCompare(b.value as string) : a.value - (b.value as number);
      return order === 0 ? a.index - b.index : sign * order;
    })
    .map(({ entry }) => entry);
}
