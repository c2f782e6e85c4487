import { UnstyledButton } from '@mantine/core';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { RunColumn } from '../../../requests/request-state.ts';
import { ColumnCost, ColumnStatusBadge } from './column-status-badge.tsx';
import classes from './comparison-workspace.module.css';
import { neighbourKey } from './workspace-layout.ts';

export interface ColumnTab {
  key: string;
  column: RunColumn;
  /** The tab's own id, and the card it shows. */
  tabId: string;
  panelId: string;
  engineName: string;
  modelName: string;
}

interface ColumnTabsProps {
  tabs: readonly ColumnTab[];
  activeKey: string | null;
  onSelect(key: string): void;
}

/**
 * The tab layout's strip: one tab per answer in view, each with its model, status and cost, so five or ten models
 * can be followed at once while one answer has the whole width. Arrow keys, Home and End move between the tabs (a
 * tab shows as soon as it is reached). It publishes its height as --workspace-tabs-height, for the answer's sticky
 * header to sit under it.
 */
export function ColumnTabs({ tabs, activeKey, onSelect }: ColumnTabsProps) {
  const list = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = list.current;
    const workspace = element?.closest<HTMLElement>('[data-workspace]');
    if (!element || !workspace) return;
    const observer = new ResizeObserver(() => workspace.style.setProperty('--workspace-tabs-height', `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      workspace.style.removeProperty('--workspace-tabs-height');
    };
  }, []);

  // The tab shown is scrolled into the strip's view (on a phone the strip is wider than the screen).
  useEffect(() => {
    const element = list.current;
    const tab = element?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!element || !tab) return;
    if (tab.offsetLeft < element.scrollLeft) element.scrollLeft = tab.offsetLeft;
    else if (tab.offsetLeft + tab.offsetWidth > element.scrollLeft + element.clientWidth) element.scrollLeft = tab.offsetLeft + tab.offsetWidth - element.clientWidth;
  }, [activeKey]);

  const keys = tabs.map((tab) => tab.key);
  const select = (key: string | null) => {
    if (key === null) return;
    onSelect(key);
    const tab = tabs.find((candidate) => candidate.key === key);
    if (tab) document.getElementById(tab.tabId)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const moves: Record<string, () => string | null> = {
      ArrowRight: () => neighbourKey(keys, activeKey, 1, true),
      ArrowLeft: () => neighbourKey(keys, activeKey, -1, true),
      Home: () => keys[0] ?? null,
      End: () => keys.at(-1) ?? null,
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    select(move());
  };

  return (
    <div ref={list} role="tablist" aria-label="Answers" className={classes.tabList} onKeyDown={onKeyDown} data-testid="column-tabs">
      {tabs.map((tab) => {
        const active = tab.key === activeKey;
        return (
          <UnstyledButton
            key={tab.key}
            id={tab.tabId}
            role="tab"
            aria-selected={active}
            aria-controls={tab.panelId}
            tabIndex={active ? 0 : -1}
            className={classes.tab}
            data-active={active || undefined}
            data-model={tab.column.model}
            data-testid="column-tab"
            title={`${tab.engineName} - ${tab.modelName}`}
            onClick={() => onSelect(tab.key)}
          >
            <span className={classes.tabName}>{tab.modelName}</span>
            <span className={classes.tabMeta}>
              <ColumnStatusBadge phase={tab.column.phase} testId="tab-status" />
              <ColumnCost column={tab.column} testId="tab-cost" />
            </span>
          </UnstyledButton>
        );
      })}
    </div>
  );
}
