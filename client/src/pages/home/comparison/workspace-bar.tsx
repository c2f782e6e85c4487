import { Group } from '@mantine/core';
import { SegmentedChoice } from '../../../components/segmented-choice/segmented-choice.tsx';
import { HiddenColumnsMenu, type HiddenColumn } from './hidden-columns-menu.tsx';
import type { WorkspaceLayout } from './workspace-layout.ts';

const LAYOUTS: { value: WorkspaceLayout; label: string }[] = [
  { value: 'columns', label: 'Columns' },
  { value: 'tabs', label: 'Tabs' },
];

interface WorkspaceBarProps {
  layout: WorkspaceLayout;
  /** Only with two or more answers in view is there a layout to choose. */
  canChooseLayout: boolean;
  onLayoutChange(layout: WorkspaceLayout): void;
  hidden: readonly HiddenColumn[];
  onShow(key: string): void;
  onShowAll(): void;
}

/** Above the answers: Columns or Tabs (remembered in this browser), and the way back to hidden answers. */
export function WorkspaceBar({ layout, canChooseLayout, onLayoutChange, hidden, onShow, onShowAll }: WorkspaceBarProps) {
  if (!canChooseLayout && hidden.length === 0) return null;
  return (
    <Group gap="sm" wrap="wrap" data-testid="workspace-bar">
      {canChooseLayout && (
        <SegmentedChoice<WorkspaceLayout>
          data={LAYOUTS}
          value={layout}
          onChange={onLayoutChange}
          aria-label="Answer layout"
          data-testid="layout-switch"
          style={{ width: 'calc(12rem * var(--mantine-scale))' }}
        />
      )}
      <HiddenColumnsMenu hidden={hidden} onShow={onShow} onShowAll={onShowAll} />
    </Group>
  );
}
