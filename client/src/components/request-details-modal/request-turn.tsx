import { Divider, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { HistoryRequest } from '../../api/history-api.ts';
import { useCatalogue } from '../../app-state/catalogue-context.tsx';
import { continuationNote } from '../../history/continuation-note.ts';
import { isComparisonRequest } from '../../history/request-kind.ts';
import { modelTitleOf } from '../../requests/conversation-actions.ts';
import { LazyRequestActions } from '../request-actions/lazy-request-actions.tsx';
import { AttachedFiles } from '../attachments/attached-files.tsx';
import { RequestAnswer } from './request-answer.tsx';
import { RequestFacts } from './request-facts.tsx';

/**
 * One question of a past conversation as the details show it: the query (and how it continued the one before), the
 * answer or error, `between` (what sits under the answer, such as the differences from an earlier run), the details,
 * and sharing and export.
 */
export function RequestTurn({ request, between }: { request: HistoryRequest; between?: ReactNode }) {
  const { catalogue } = useCatalogue();
  const note = continuationNote(request, (engineModel) => modelTitleOf(catalogue, engineModel));
  return (
    <Stack gap="md" data-testid="request-turn">
      <section>
        <Text fw={600} size="sm" mb={4}>
          Query
        </Text>
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="request-query">
          {request.query}
        </Text>
        <AttachedFiles files={request.attachments} />
        {note && (
          <Text size="sm" mt={4} data-testid="request-follow-up-note">
            {note}
          </Text>
        )}
      </section>
      <section data-testid="request-answer">
        <Text fw={600} size="sm" mb={4}>
          {request.status === 'error' && !isComparisonRequest(request) ? 'Error' : 'Response'}
        </Text>
        <RequestAnswer request={request} />
      </section>
      {between}
      <Divider />
      <section data-testid="request-details">
        <Text fw={600} size="sm" mb={4}>
          Details
        </Text>
        <RequestFacts request={request} />
      </section>
      {request.engine !== 'arena' && request.status !== 'pending' && <LazyRequestActions requestId={request.id} />}
    </Stack>
  );
}
