import { SimpleGrid, Text } from '@mantine/core';
import type { HistoryRequest } from '../../api/history-api.ts';
import { creditsText } from '../../catalogue/model-access.ts';
import { formatRequestDate } from '../../history/request-dates.ts';
import { shortRequestId, statusText } from '../../history/request-groups.ts';

/** Spec section 2's details: status, web search flag, credits, created and completed times, short request id. */
export function RequestFacts({ request }: { request: HistoryRequest }) {
  const facts: [label: string, value: string, testId: string][] = [
    ['Status', statusText(request.status), 'detail-status'],
    ['Web search', request.searchEnabled ? 'Yes' : 'No', 'detail-web-search'],
    ['Credits', creditsText(request.creditsUsed), 'detail-credits'],
    ['Created', formatRequestDate(request.createdAt, { withSeconds: true }), 'detail-created'],
    ['Completed', formatRequestDate(request.completedAt, { withSeconds: true }), 'detail-completed'],
    ['Request ID', shortRequestId(request.id), 'detail-request-id'],
  ];
  return (
    <SimpleGrid component="dl" cols={{ base: 2, sm: 3 }} spacing="sm" verticalSpacing="xs" m={0}>
      {facts.map(([label, value, testId]) => (
        <div key={label}>
          <Text component="dt" size="xs" c="dimmed">
            {label}
          </Text>
          <Text component="dd" size="sm" m={0} data-testid={testId} ff={label === 'Request ID' ? 'monospace' : undefined}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
