/**
 * How a comparison's answers are laid out, and how a person moves between them. Pure, so the rules are tested
 * without a browser; `use-comparison-workspace.ts` holds the state they act on.
 */

export type WorkspaceLayout = 'columns' | 'tabs';

/**
 * More than this many answers side by side leaves each too narrow to read (and on a phone, a swipe row where you
 * cannot see how the others are doing), so from one more the answers go into tabs that show every model's status.
 */
export const MOST_SIDE_BY_SIDE = 3;

/** The layout for `visibleCount` answers: the person's own choice when they made one, else tabs beyond three. */
export function chooseLayout(visibleCount: number, preference: WorkspaceLayout | null): WorkspaceLayout {
  // One answer has nothing to sit beside or switch to.
  if (visibleCount <= 1) return 'columns';
  return preference ?? (visibleCount > MOST_SIDE_BY_SIDE ? 'tabs' : 'columns');
}

/** A stored layout as the page may use it: anything but a known choice means "choose for me". */
export const layoutPreferenceOf = (stored: unknown): WorkspaceLayout | null => (stored === 'columns' || stored === 'tabs' ? stored : null);

/** The tab to show: the one chosen while it is still visible, else the first visible one. */
export function activeKeyAmong(visibleKeys: readonly string[], chosen: string | null): string | null {
  return chosen !== null && visibleKeys.includes(chosen) ? chosen : (visibleKeys[0] ?? null);
}

/**
 * The answer one step before or after `current` among `keys`: `wrap` goes round from the last to the first (the
 * Alt+arrow shortcuts), otherwise there is nothing past either end (the focus view's arrows, which show "2 of 5").
 */
export function neighbourKey(keys: readonly string[], current: string | null, step: -1 | 1, wrap: boolean): string | null {
  if (keys.length === 0) return null;
  const index = current === null ? -1 : keys.indexOf(current);
  if (index === -1) return keys[0]!;
  const next = index + step;
  if (wrap) return keys[(next + keys.length) % keys.length]!;
  return keys[next] ?? null;
}

/**
 * The hidden set after hiding `key`: never the last answer still in view, so the workspace is never empty and the
 * "N hidden" control always has a page to sit on.
 */
export function hideKey(hidden: ReadonlySet<string>, key: string, allKeys: readonly string[]): ReadonlySet<string> {
  const stillVisible = allKeys.filter((candidate) => candidate !== key && !hidden.has(candidate));
  if (stillVisible.length === 0 || !allKeys.includes(key)) return hidden;
  return new Set([...hidden, key]);
}

/** The hidden set after showing `key` again. */
export function showKey(hidden: ReadonlySet<string>, key: string): ReadonlySet<string> {
  if (!hidden.has(key)) return hidden;
  const next = new Set(hidden);
  next.delete(key);
  return next;
}
