import { Anchor, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { JUDGE_INSTRUCTION_MAX_LENGTH, type JudgeMode, type JudgePrompts } from '../../../../contract/judge.ts';
import { apiCall, messageOf } from '../../api/http-client.ts';

const PROMPTS_KEY = ['judge-prompts'] as const;

/**
 * The judge's instruction for the chosen mode, shown so people know what the judge is asked, and editable: Save
 * keeps it as theirs for that mode (on every device), Reset goes back to Quorum's.
 */
export function JudgeInstructionEditor({ mode }: { mode: JudgeMode }) {
  const queryClient = useQueryClient();
  const prompts = useQuery({ queryKey: PROMPTS_KEY, queryFn: ({ signal }) => apiCall<JudgePrompts>('/api/judge/prompts', { signal }) });
  const current = prompts.data ? (prompts.data.saved[mode] ?? prompts.data.builtIn[mode] ?? '') : '';
  const isOwn = Boolean(prompts.data?.saved[mode]);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Switching modes closes the editor: each mode has its own instruction.
  useEffect(() => setEditing(false), [mode]);

  const store = (call: Promise<JudgePrompts>) => {
    setBusy(true);
    setError(null);
    call
      .then((next) => {
        queryClient.setQueryData(PROMPTS_KEY, next);
        setEditing(false);
      })
      .catch((failure: unknown) => setError(messageOf(failure, 'The instruction could not be saved. Please try again.')))
      .finally(() => setBusy(false));
  };
  const path = `/api/judge/prompts/${mode}`;

  if (!prompts.data) return null;
  if (!editing) {
    return (
      <Text size="xs" c="dimmed" data-testid="judge-instruction">
        {isOwn ? 'Your instruction: ' : 'Asked: '}
        {current}{' '}
        <Anchor
          component="button"
          type="button"
          size="xs"
          onClick={() => {
            setDraft(current);
            setEditing(true);
          }}
          data-testid="judge-instruction-edit"
        >
          Edit
        </Anchor>
      </Text>
    );
  }
  return (
    <Stack gap={6}>
      <Textarea
        label="Judge instruction"
        description={`What the judge is asked, after the question and the answers (at most ${JUDGE_INSTRUCTION_MAX_LENGTH} characters).`}
        value={draft}
        maxLength={JUDGE_INSTRUCTION_MAX_LENGTH}
        autosize
        minRows={2}
        onChange={(event) => setDraft(event.currentTarget.value)}
        error={error}
        data-testid="judge-instruction-input"
      />
      <Group gap="xs">
        <Button size="compact-sm" disabled={busy || draft.trim() === ''} onClick={() => store(apiCall<JudgePrompts>(path, { method: 'PUT', body: { instruction: draft }, preferServerMessage: true }))} data-testid="judge-instruction-save">
          Save as mine
        </Button>
        {isOwn && (
          <Button size="compact-sm" variant="default" disabled={busy} onClick={() => store(apiCall<JudgePrompts>(path, { method: 'DELETE', preferServerMessage: true }))} data-testid="judge-instruction-reset">
            Reset to Quorum’s
          </Button>
        )}
        <Button size="compact-sm" variant="subtle" disabled={busy} onClick={() => setEditing(false)}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
