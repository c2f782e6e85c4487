import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import type { TurnPlace } from '../../requests/conversation.ts';
import { VersionPager } from '../version-pager/version-pager.tsx';
import { useQuestionActions } from '../../requests/conversation-actions.ts';

// Only someone who edits a question needs the editor.
const QuestionEditor = lazy(() => import('./question-editor.tsx').then((module) => ({ default: module.QuestionEditor })));

export interface QuestionBubbleProps {
  query: string;
  /** The request that asked it; null before the server has given it one. */
  requestId: string | null;
  place: TurnPlace | null | undefined;
  testId: string;
}

/**
 * One question of a conversation: its text, whose answer it was asked after when one answer was carried to every
 * model, "Version 2 of 3" when it was edited, and Edit, which asks it again as a new version of the turn.
 */
export function QuestionBubble({ query, requestId, place, testId }: QuestionBubbleProps) {
  const actions = useQuestionActions();
  const [editing, setEditing] = useState(false);
  const versions = place?.versions ?? [];
  const index = versions.findIndex((version) => version.requestId === requestId);
  const editable = Boolean(actions?.edit && requestId && actions.canEdit(requestId));

  if (editing && actions?.edit && requestId) {
    const edit = actions.edit;
    return (
      <Suspense fallback={<Text size="sm">{query}</Text>}>
        <QuestionEditor
          question={query}
          onCancel={() => setEditing(false)}
          onSend={(edited) => {
            setEditing(false);
            edit(requestId, edited);
          }}
        />
      </Suspense>
    );
  }

  return (
    <Stack gap={4} data-testid="question-bubble">
      {place?.continueMode === 'carry' && place.carryFrom && (
        <Text size="xs" c="dimmed" data-testid="question-carried">
          Every model was given {actions?.modelName(place.carryFrom) ?? place.carryFrom}'s answer to the question before.
        </Text>
      )}
      {place?.continueMode === 'fork' && (
        <Text size="xs" c="dimmed" data-testid="question-forked">
          Continued with this model alone.
        </Text>
      )}
      <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
        <Text size="sm" fw={600} data-testid={testId} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {query}
        </Text>
        {editable && (
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconPencil size={12} aria-hidden />}
            onClick={() => setEditing(true)}
            aria-label={`Edit the question “${query.slice(0, 60)}”`}
            data-testid="question-edit"
            style={{ flexShrink: 0 }}
          >
            Edit
          </Button>
        )}
      </Group>
      {actions && versions.length > 1 && index >= 0 && (
        <div data-testid="question-versions">
          <VersionPager count={versions.length} index={index} onChange={(next) => actions.openVersion(versions[next]!)} label="this question" />
        </div>
      )}
    </Stack>
  );
}
