import { ActionIcon, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { stepVersion } from '../../requests/column-versions.ts';

/** Which version is shown: the one the model stands by, until the person flips. */
export function useVersion(view: { standing: number }): [number, (index: number) => void] {
  return useState(view.standing);
}

export interface VersionPagerProps {
  count: number;
  index: number;
  onChange(index: number): void;
  /** The model, so each pager's buttons say whose versions they flip. */
  label: string;
}

/**
 * "Version 2 of 3" with previous and next: a regenerated answer keeps the earlier ones inside the same request.
 * Nothing when there is only one version.
 */
export function VersionPager({ count, index, onChange, label }: VersionPagerProps) {
  if (count < 2) return null;
  return (
    <Group gap={4} wrap="nowrap" data-testid="version-pager">
      <ActionIcon
        variant="default"
        size="sm"
        onClick={() => onChange(stepVersion(index, -1, count))}
        disabled={index === 0}
        aria-label={`Previous version of ${label}`}
        data-testid="version-previous"
      >
        <IconChevronLeft size={14} aria-hidden />
      </ActionIcon>
      <Text size="xs" c="dimmed" aria-live="polite" data-testid="version-label" style={{ whiteSpace: 'nowrap' }}>
        Version {index + 1} of {count}
      </Text>
      <ActionIcon
        variant="default"
        size="sm"
        onClick={() => onChange(stepVersion(index, 1, count))}
        disabled={index === count - 1}
        aria-label={`Next version of ${label}`}
        data-testid="version-next"
      >
        <IconChevronRight size={14} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
