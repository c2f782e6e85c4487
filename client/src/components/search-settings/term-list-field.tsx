import { Button, Group, Pill, Text, TextInput } from '@mantine/core';
import { useState, type KeyboardEvent } from 'react';

export interface TermListFieldProps {
  label: string;
  placeholder: string;
  /** The singular noun used in the remove buttons' names ("Remove keyword Acme"). */
  noun: string;
  terms: readonly string[];
  maxLength: number;
  /** Shown under the field while the list is empty. */
  hint: string;
  testId: string;
  /** Tries to add the input; returns the refusal to show, or null when it was added. */
  add(input: string): string | null;
  canAdd(input: string): boolean;
  onRemove(term: string): void;
}

/** A short list of words typed one at a time (keywords, competitors): input, Add, and removable pills. */
export function TermListField({ label, placeholder, noun, terms, maxLength, hint, testId, add, canAdd, onRemove }: TermListFieldProps) {
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const refusal = add(input);
    setError(refusal);
    if (refusal === null) setInput('');
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter adds the term; it must not submit the question's form around it.
    event.preventDefault();
    if (canAdd(input)) submit();
  };

  return (
    <div>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={label}
          placeholder={placeholder}
          maxLength={maxLength}
          value={input}
          error={error}
          onChange={(event) => {
            setInput(event.currentTarget.value);
            setError(null);
          }}
          onKeyDown={handleKeyDown}
          style={{ flex: 1 }}
          data-testid={`${testId}-input`}
        />
        <Button variant="light" onClick={submit} disabled={!canAdd(input)} mb={error ? 22 : 0} data-testid={`${testId}-add`}>
          Add
        </Button>
      </Group>
      {terms.length > 0 ? (
        <Group gap={6} mt="xs" data-testid={`${testId}-list`}>
          {terms.map((term) => (
            <Pill key={term} withRemoveButton removeButtonProps={{ 'aria-label': `Remove ${noun} ${term}` }} onRemove={() => onRemove(term)}>
              {term}
            </Pill>
          ))}
        </Group>
      ) : (
        <Text size="xs" c="dimmed" mt={4}>
          {hint}
        </Text>
      )}
    </div>
  );
}
