import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { VersionPick } from '../../../requests/column-versions.ts';
import type { RunColumn } from '../../../requests/request-state.ts';
import { setComparisonLayout, useComparisonLayoutPreference } from './layout-preference.ts';
import { selectionKey } from './model-selection.ts';
import { activeKeyAmong, chooseLayout, hideKey, neighbourKey, showKey, type WorkspaceLayout } from './workspace-layout.ts';

export interface ComparisonWorkspace {
  layout: WorkspaceLayout;
  setLayout(layout: WorkspaceLayout): void;
  /** The columns' keys, in the order asked: the hidden ones, and the ones in view. */
  hiddenKeys: readonly string[];
  visibleKeys: readonly string[];
  isHidden(key: string): boolean;
  /** Hides a column (never the last one in view); its answer goes on arriving. */
  hide(column: RunColumn): void;
  show(key: string): void;
  showAll(): void;
  /** The tab shown in the tab layout. */
  activeKey: string | null;
  selectTab(key: string): void;
  /** Alt+← / Alt+→ in the tab layout: the neighbouring tab, its answer focused. */
  moveTab(step: -1 | 1): void;
  /** The answer open in the focus view, if any, and whether it was ever opened (its code is loaded then). */
  focusedKey: string | null;
  focusEverOpened: boolean;
  openFocus(column: RunColumn): void;
  moveFocus(key: string): void;
  closeFocus(lastKey: string): void;
  /** The version each column shows, when the person flipped away from the newest. */
  versionPicks: ReadonlyMap<string, VersionPick>;
  pickVersion(column: RunColumn, index: number): void;
  /** Element ids: a column's card, and its tab. */
  panelId(key: string): string;
  tabId(key: string): string;
}

/** Runs `work` once the page has painted what the last state change asked for. */
const afterPaint = (work: () => void) => requestAnimationFrame(() => requestAnimationFrame(work));

/**
 * The comparison workspace's own state, apart from the answers: which columns are hidden (hiding never touches the
 * stream, whose state lives in the request), the layout (chosen from how many are in view, or by the person), the
 * tab shown, the answer in the focus view, and which version each column shows.
 */
export function useComparisonWorkspace(columns: readonly RunColumn[]): ComparisonWorkspace {
  const joinedKeys = columns.map(selectionKey).join('\n');
  const keys = useMemo(() => (joinedKeys === '' ? [] : joinedKeys.split('\n')), [joinedKeys]);
  const latestKeys = useRef(keys);
  latestKeys.current = keys;

  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  const visibleKeys = useMemo(() => keys.filter((key) => !hidden.has(key)), [keys, hidden]);
  const hiddenKeys = useMemo(() => keys.filter((key) => hidden.has(key)), [keys, hidden]);
  const layout = chooseLayout(visibleKeys.length, useComparisonLayoutPreference());

  const [chosenTab, setChosenTab] = useState<string | null>(null);
  const activeKey = activeKeyAmong(visibleKeys, chosenTab);

  const [focusedKey, setFocusedKey] = useState<string | null>(null);
  const [focusEverOpened, setFocusEverOpened] = useState(false);
  const [versionPicks, setVersionPicks] = useState<ReadonlyMap<string, VersionPick>>(() => new Map());

  const idBase = useId();
  const indexOf = useCallback((key: string) => latestKeys.current.indexOf(key), []);
  const panelId = useCallback((key: string) => `${idBase}-answer-${indexOf(key)}`, [idBase, indexOf]);
  const tabId = useCallback((key: string) => `${idBase}-tab-${indexOf(key)}`, [idBase, indexOf]);

  // A column whose model is no longer asked (a new comparison) takes its hidden mark and version pick with it.
  useEffect(() => {
    setHidden((current) => ([...current].every((key) => keys.includes(key)) ? current : new Set([...current].filter((key) => keys.includes(key)))));
    setVersionPicks((current) => ([...current.keys()].every((key) => keys.includes(key)) ? current : new Map([...current].filter(([key]) => keys.includes(key)))));
  }, [keys]);

  const hide = useCallback((column: RunColumn) => {
    setHidden((current) => hideKey(current, selectionKey(column), latestKeys.current));
    // The Hide button went with its column: the way back ("N hidden") takes the focus rather than the page.
    afterPaint(() => document.querySelector<HTMLElement>('[data-hidden-columns-button]')?.focus());
  }, []);
  const show = useCallback((key: string) => setHidden((current) => showKey(current, key)), []);
  const showAll = useCallback(() => setHidden(new Set()), []);

  const focusAnswer = useCallback((key: string) => afterPaint(() => document.getElementById(panelId(key))?.querySelector<HTMLElement>('[data-column-scroll]')?.focus()), [panelId]);
  const moveTab = (step: -1 | 1) => {
    const next = neighbourKey(visibleKeys, activeKey, step, true);
    if (next === null) return;
    setChosenTab(next);
    focusAnswer(next);
  };

  const openFocus = useCallback((column: RunColumn) => {
    setFocusEverOpened(true);
    setFocusedKey(selectionKey(column));
  }, []);
  const closeFocus = useCallback(
    (lastKey: string) => {
      setFocusedKey(null);
      // The column the view closed on comes into view (its tab, in the tab layout) and its Focus button takes the focus back.
      setChosenTab(lastKey);
      afterPaint(() => {
        const card = document.getElementById(panelId(lastKey));
        card?.querySelector<HTMLElement>('[data-focus-return]')?.focus({ preventScroll: true });
        card?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      });
    },
    [panelId],
  );

  const pickVersion = useCallback(
    (column: RunColumn, index: number) => setVersionPicks((current) => new Map(current).set(selectionKey(column), { attempt: column.attempt, index })),
    [],
  );

  return {
    layout,
    setLayout: setComparisonLayout,
    hiddenKeys,
    visibleKeys,
    isHidden: (key) => hidden.has(key),
    hide,
    show,
    showAll,
    activeKey,
    selectTab: setChosenTab,
    moveTab,
    focusedKey,
    focusEverOpened,
    openFocus,
    moveFocus: setFocusedKey,
    closeFocus,
    versionPicks,
    pickVersion,
    panelId,
    tabId,
  };
}
