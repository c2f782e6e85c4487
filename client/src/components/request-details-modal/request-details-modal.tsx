import { Badge, Button, Group, Modal, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { HistoryConversation, HistoryRequest } from '../../api/history-api.ts';
import { useRunAgain } from '../../app-state/run-again-context.tsx';
import { DeleteRequest } from './delete-request.tsx';
import { formatRequestDate } from '../../history/request-dates.ts';
import { lastTurnOf, outcomeColour, type RequestGroup } from '../../history/request-groups.ts';
import { StatusDot } from '../../history/status-dot.tsx';
import { RequestTurn } from './request-turn.tsx';
import { detailsTitle, turnsText } from '../../history/details-title.ts';
import { useDisplayNames } from '../../catalogue/display-names.ts';

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
  /** After the selected conversation was deleted. */
  onDeleted(conversation: HistoryConversation): void;
}

function scrollToTop(): void {
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
}

/**
 * Spec section 2's details modal: one tab per conversation of a history group (the most recently active first; the
 * first is selected when it opens), each with every turn in order (its query, answer or error, and details); and ways
 * to go on with it: Continue puts the whole thread back in the workspace at its last turn, "Run this prompt again"
 * asks its first question anew. A comparison is titled "Request Comparison" with its model count; a single answer is
 * named after its model. Loaded lazily: nobody needs it before clicking a recent request.
 */
export default function RequestDetailsModal({ group, opened, onClose, onClosed, onRanAgain, onDeleted }: RequestDetailsModalProps) {
  const [selectedId, setSelectedId] = useState(group.requests[0]!.id);
  const { runAgain, continueRequest } = useRunAgain();
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const phone = useMediaQuery('(max-width: 36em)');
  const selected = group.requests.find((conversation) => conversation.id === selectedId) ?? group.latestRequest;
  const [comparing, setComparing] = useState<string | null>(null);
  const nameOf = useDisplayNames();
  const heading = detailsTitle(selected, (pair) => nameOf(pair).model);
  const lastTurn = lastTurnOf(selected);

  // An arena round goes on in the arena, and a request still answering is followed where it was asked.
  const canContinue = lastTurn.engine !== 'arena' && lastTurn.status !== 'pending';

  const goToWorkspace = (take: (request: HistoryRequest) => void, request: HistoryRequest, toTop: boolean) => {
    take(request);
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
          <Title order={2} size="h4" data-testid="request-details-title">
            {heading.title}
          </Title>
          {heading.models && (
            <Badge variant="light" color="grape" tt="none" data-testid="request-details-models">
              {heading.models}
            </Badge>
          )}
          {selected.turnCount > 1 && (
            <Badge variant="light" color="gray" tt="none" data-testid="request-details-turns">
              {turnsText(selected.turnCount)}
            </Badge>
          )}
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
            {group.requests.map((conversation) => {
              const status = lastTurnOf(conversation).status;
              return (
                <Tabs.Tab
                  key={conversation.id}
                  value={conversation.id}
                  // Green once its last turn completed; red otherwise, a turn still running included: the tab says
                  // whether there is a full answer to go on from.
                  leftSection={<StatusDot status={status} colour={outcomeColour(status)} />}
                  data-status={status}
                  data-testid="request-tab"
                >
                  {formatRequestDate(conversation.createdAt, { withSeconds: true })}
                </Tabs.Tab>
              );
            })}
          </Tabs.List>
          {group.requests.map((conversation) => (
            <Tabs.Panel key={conversation.id} value={conversation.id} pt="md" data-testid="request-tab-panel">
              <ConversationTurns
                conversation={conversation}
                firstTurnExtra={<EarlierRunDifferences group={group} conversation={conversation} shownFor={comparing} onToggle={setComparing} />}
              />
            </Tabs.Panel>
          ))}
        </Tabs>
        <Group justify="space-between" gap="sm">
          <DeleteRequest key={selected.id} conversation={selected} onDeleted={onDeleted} />
          <Group justify="flex-end" gap="sm" style={{ flex: '1 1 auto' }}>
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            {canContinue && (
              <Button variant="light" onClick={() => goToWorkspace(continueRequest, lastTurn, false)} data-testid="continue-button">
                Continue
              </Button>
            )}
            <Button onClick={() => goToWorkspace(runAgain, selected, true)} data-testid="run-again-button">
              Run this prompt again
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Every question of a conversation, oldest first. A lone question reads as it always did; a conversation heads each
 * turn with its number, status and date, so the thread reads top to bottom as it was asked.
 */
function ConversationTurns({ conversation, firstTurnExtra }: { conversation: HistoryConversation; firstTurnExtra: ReactNode }) {
  const turns = conversation.turns.length > 0 ? conversation.turns : [conversation];
  if (turns.length === 1) return <RequestTurn request={turns[0]!} between={firstTurnExtra} />;
  return (
    <Stack gap="lg" component="ol" m={0} p={0} style={{ listStyle: 'none' }} data-testid="conversation-turns">
      {turns.map((turn, index) => (
        <Paper component="li" key={turn.id} withBorder p="sm" aria-labelledby={`turn-heading-${turn.id}`} data-testid="conversation-turn">
          <Group gap="xs" mb="sm" wrap="nowrap">
            <StatusDot status={turn.status} colour={outcomeColour(turn.status)} />
            <Title order={3} size="h5" id={`turn-heading-${turn.id}`} data-testid="conversation-turn-heading">
              Turn {index + 1} of {turns.length}
            </Title>
            <Text size="xs" c="dimmed">
              {formatRequestDate(turn.createdAt, { withSeconds: true })}
            </Text>
          </Group>
          <RequestTurn request={turn} between={index === 0 ? firstTurnExtra : undefined} />
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * Under the first question of a conversation whose question was asked before (an older conversation of the same
 * group): a button that shows each answer's differences from that earlier run, so re-running a question later shows
 * what changed.
 */
function EarlierRunDifferences(props: { group: RequestGroup; conversation: HistoryConversation; shownFor: string | null; onToggle(requestId: string | null): void }) {
  const { group, conversation: request, shownFor, onToggle } = props;
  const earlier = group.requests
    .filter((candidate) => candidate.createdAt < request.createdAt && candidate.status !== 'pending' && candidate.engine !== 'arena')
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
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
