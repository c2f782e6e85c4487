import { Badge, Button, Divider, Group, Modal, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import type { HistoryRequest } from '../../api/history-api.ts';
import { useRunAgain } from '../../app-state/run-again-context.tsx';
import { LazyRequestActions } from '../request-actions/lazy-request-actions.tsx';
import { DeleteRequest } from './delete-request.tsx';
import { formatRequestDate } from '../../history/request-dates.ts';
import { outcomeColour, type RequestGroup } from '../../history/request-groups.ts';
import { isComparisonRequest } from '../../history/request-kind.ts';
import { StatusDot } from '../../history/status-dot.tsx';
import { RequestAnswer } from './request-answer.tsx';
import { RequestFacts } from './request-facts.tsx';

// Word-by-word differences bring a diff library along: loaded only when someone asks to see them.
const RunDifferences = lazy(() => import('./run-differences.tsx'));

export interface RequestDetailsModalProps {
  group: RequestGroup;
  opened: boolean;
  onClose(): void;
  /** After the modal has gone, so its parent can forget the group. */
  onClosed(): void;
  /** After "Run this prompt again" or "Continue", so the mobile drawer closes too. */
  onRanAgain(): void;
  /** After the selected request was deleted. */
  onDeleted(request: HistoryRequest): void;
}

function scrollToTop(): void {
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
}

/**
 * Spec section 2's "Request Comparison" modal: one tab per request of a history group (newest first; the first
 * is selected when it opens), each with its query, answer or error, and details; and a way to ask it again.
 * Loaded lazily: nobody needs it before clicking a recent request.
 */
export default function RequestDetailsModal({ group, opened, onClose, onClosed, onRanAgain, onDeleted }: RequestDetailsModalProps) {
  const [selectedId, setSelectedId] = useState(group.requests[0]!.id);
  const { runAgain, continueRequest } = useRunAgain();
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const phone = useMediaQuery('(max-width: 36em)');
  const selected = group.requests.find((request) => request.id === selectedId) ?? group.latestRequest;
  const [comparing, setComparing] = useState<string | null>(null);

  // An arena round goes on in the arena, and a request still answering is followed where it was asked.
  const canContinue = selected.engine !== 'arena' && selected.status !== 'pending';

  const goToWorkspace = (take: (request: HistoryRequest) => void, toTop: boolean) => {
    take(selected);
    onClose();
    onRanAgain();
    // The form to fill is the home page's; from anywhere else, go there first. A continued request is brought into
    // view by the page itself, once its answers are back.
    const scroll = toTop ? scrollToTop : () => undefined;
    if (pathname === '/') scroll();
    else void navigate({ to: '/' }).then(scroll);
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={onClosed}
      title={
        <Group gap="xs">
          <Title order={2} size="h4">
            Request Comparison
          </Title>
          <Badge variant="light" color={isComparisonRequest(group.latestRequest) ? 'grape' : 'blue'}>
            {isComparisonRequest(group.latestRequest) ? 'Comparison' : 'Single'}
          </Badge>
        </Group>
      }
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close' }}
      fullScreen={phone === true}
      // The button that opened it may sit in a drawer that is closing; focus goes to the page instead.
      returnFocus={!phone}
      data-testid="request-details-modal"
    >
      <Stack gap="md">
        <Tabs value={selected.id} onChange={(value) => value && setSelectedId(value)} keepMounted={false}>
          <Tabs.List>
            {group.requests.map((request) => (
              <Tabs.Tab
                key={request.id}
                value={request.id}
                // Green once the request completed; red otherwise, a request still running included: the tab says whether
                // there is a full answer behind it.
                leftSection={<StatusDot status={request.status} colour={outcomeColour(request.status)} />}
                data-status={request.status}
                data-testid="request-tab"
              >
                {formatRequestDate(request.createdAt, { withSeconds: true })}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {group.requests.map((request) => (
            <Tabs.Panel key={request.id} value={request.id} pt="md" data-testid="request-tab-panel">
              <Stack gap="md">
                <section>
                  <Text fw={600} size="sm" mb={4}>
                    Query
                  </Text>
                  <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="request-query">
                    {request.query}
                  </Text>
                  {request.followUpOf && (
                    <Text size="sm" mt={4} data-testid="request-follow-up-note">
                      A follow-up in a conversation: each model was given its own earlier questions and answers.
                    </Text>
                  )}
                </section>
                <section data-testid="request-answer">
                  <Text fw={600} size="sm" mb={4}>
                    {request.status === 'error' && !isComparisonRequest(request) ? 'Error' : 'Response'}
                  </Text>
                  <RequestAnswer request={request} />
                </section>
                <EarlierRunDifferences group={group} request={request} shownFor={comparing} onToggle={setComparing} />
                <Divider />
                <section data-testid="request-details">
                  <Text fw={600} size="sm" mb={4}>
                    Details
                  </Text>
                  <RequestFacts request={request} />
                </section>
                {request.engine !== 'arena' && request.status !== 'pending' && <LazyRequestActions requestId={request.id} />}
              </Stack>
            </Tabs.Panel>
          ))}
        </Tabs>
        <Group justify="space-between" gap="sm">
          <DeleteRequest key={selected.id} request={selected} onDeleted={onDeleted} />
          <Group justify="flex-end" gap="sm" style={{ flex: '1 1 auto' }}>
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            {canContinue && (
              <Button variant="light" onClick={() => goToWorkspace(continueRequest, false)} data-testid="continue-button">
                Continue
              </Button>
            )}
            <Button onClick={() => goToWorkspace(runAgain, true)} data-testid="run-again-button">
              Run this prompt again
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Under a request that was asked before (an earlier tab of the same question): a button that shows each answer's
 * differences from that earlier run, so re-running a question later shows what changed.
 */
function EarlierRunDifferences(props: { group: RequestGroup; request: HistoryRequest; shownFor: string | null; onToggle(requestId: string | null): void }) {
  const { group, request, shownFor, onToggle } = props;
  const index = group.requests.findIndex((candidate) => candidate.id === request.id);
  const earlier = group.requests.slice(index + 1).find((candidate) => candidate.status !== 'pending' && candidate.engine !== 'arena');
  if (!earlier || request.status === 'pending' || request.engine === 'arena') return null;
  const shown = shownFor === request.id;
  return (
    <section>
      <Button variant="light" size="xs" aria-expanded={shown} onClick={() => onToggle(shown ? null : request.id)} data-testid="show-differences">
        {shown ? 'Hide the differences' : `Compare with the run of ${formatRequestDate(earlier.createdAt)}`}
      </Button>
      {shown ? (
        <Suspense fallback={<Text size="sm" c="dimmed" mt="xs">Comparing…</Text>}>
          <Stack mt="sm">
            <RunDifferences earlier={earlier} later={request} />
          </Stack>
        </Suspense>
      ) : null}
    </section>
  );
}
