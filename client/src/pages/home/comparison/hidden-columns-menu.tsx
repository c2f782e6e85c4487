import { Button, Menu } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';

export interface HiddenColumn {
  key: string;
  /** "engine - model", as the menu names it. */
  label: string;
}

interface HiddenColumnsMenuProps {
  hidden: readonly HiddenColumn[];
  onShow(key: string): void;
  onShowAll(): void;
}

/** "2 hidden": a menu to bring a hidden answer back (each went on being written while out of view), or all of them. */
export function HiddenColumnsMenu({ hidden, onShow, onShowAll }: HiddenColumnsMenuProps) {
  if (hidden.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconEye size={14} aria-hidden />}
          aria-label={`${hidden.length} hidden ${hidden.length === 1 ? 'answer' : 'answers'}`}
          data-testid="hidden-columns"
          data-hidden-columns-button
        >
          {hidden.length} hidden
        </Button>
      </Menu.Target>
      <Menu.Dropdown data-testid="hidden-columns-menu">
        <Menu.Label>Show again</Menu.Label>
        {hidden.map((column) => (
          <Menu.Item key={column.key} onClick={() => onShow(column.key)} data-testid="show-column">
            {column.label}
          </Menu.Item>
        ))}
        {hidden.length > 1 && (
          <>
            <Menu.Divider />
            <Menu.Item onClick={onShowAll} data-testid="show-all-columns">
              Show all
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
