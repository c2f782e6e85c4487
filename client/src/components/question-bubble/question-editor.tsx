import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { QUERY_MAX_LENGTH } from '../../../../contract/limits.ts';

interface QuestionEditorProps {
  question: string;
  onSend(question: string): void;
  onCancel(): void;
}

/**
 * A question being edited in place. Sending asks it again as a new version of its turn (charged like any question);
 * the old version, and what followed it, stay one click away in the version switcher.
 */
export function QuestionEditor({ question, onSend, onCancel }: QuestionEditorProps) {
  const [text, setText] = useState(question);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (trimmed === '') return setError('Please enter a question');
    if (trimmed.length > QUERY_MAX_LENGTH) return setError(`Your question is too long: the limit is ${QUERY_MAX_LENGTH} characters`);
    onSend(trimmed);
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Edit the question" data-testid="question-editor">
    <Stack gap={6}>
      <Textarea
        label="Edited question"
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setError(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancel();
        }}
        autosize
        minRows={2}
        maxRows={8}
        error={error}
        data-autofocus
        autoFocus
        data-testid="question-edit-input"
      />
      <Text size="xs" c="dimmed">
        Sent again as a new version of this question, charged like a new one. The answers that followed stay with the old version.
      </Text>
      <Group gap="xs" justify="flex-end">
        <Button size="compact-sm" variant="default" onClick={onCancel} data-testid="question-edit-cancel">
          Cancel
        </Button>
        <Button size="compact-sm" type="submit" data-testid="question-edit-send">
          Send
        </Button>
      </Group>
    </Stack>
    </form>
  );
}
