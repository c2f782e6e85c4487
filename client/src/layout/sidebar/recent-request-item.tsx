import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { creditsText } from '../../catalogue/model-access.ts';
import { formatRequestDate } from '../../history/request-dates.ts';
import { groupCredits, lastTurnOf, type RequestGroup } from '../../history/request-groups.ts';
import { turnsText } from '../../history/details-title.ts';
import { isComparisonRequest } from '../../history/request-kind.ts';
import { StatusDot } from '../../history/status-dot.tsx';
import classes from './recent-request-item.module.css';

/**
 * One history group in the sidebar: kind, status, how many turns its conversation has, repeat count, first question,
 * last activity and total credits.
 */
export function RecentRequestItem({ group, onOpen }: { group: RequestGroup; onOpen(group: RequestGroup): void }) {
  const latest = group.latestRequest;
  const comparison = isComparisonRequest(latest);
  return (
    <UnstyledButton
      className={classes.item}
      onClick={() => onOpen(group)}
      data-testid="recent-request"
      data-kind={comparison ? 'comparison' : 'single'}
      title={group.query}
    >
      <Stack gap={4}>
        <Group gap={6} wrap="nowrap">
          <Badge size="xs" variant="light" color={comparison ? 'grape' : 'blue'} data-testid="request-kind">
            {comparison ? 'Comparison' : 'Single'}
          </Badge>
          {latest.turnCount > 1 && (
            <Badge size="xs" variant="outline" color="gray" tt="none" data-testid="request-turn-count">
              {turnsText(latest.turnCount)}
            </Badge>
          )}
          <StatusDot status={lastTurnOf(latest).status} />
          {group.count > 1 && (
            <Text span size="xs" fw={600} c="dimmed" data-testid="request-repeat-count" aria-label={`asked ${group.count} times`}>
              ×{group.count}
            </Text>
          )}
        </Group>
        <Text size="sm" truncate="end" data-testid="request-query">
          {group.query}
        </Text>
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Text size="xs" c="dimmed" truncate="end">
            {formatRequestDate(latest.lastActivityAt)}
          </Text>
          <Text size="xs" c="dimmed" style={{ flex: 'none' }} data-testid="request-credits">
            {creditsText(groupCredits(group))}
          </Text>
        </Group>
      </Stack>
    </UnstyledButton>
  );
}
