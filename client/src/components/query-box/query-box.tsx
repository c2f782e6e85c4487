import { BuyCreditsAction } from '../buy-credits-action/buy-credits-action.tsx';
import { Badge, Button, Group, Text, Textarea } from '@mantine/core';
import { memo, type ChangeEvent, type KeyboardEvent, type Ref } from 'react';
import { QUERY_MAX_LENGTH } from '../../../../contract/limits.ts';
import { creditsText } from '../../catalogue/model-access.ts';
import { limitQueryLength, QUERY_PLACEHOLDER } from './query-text.ts';
import { ASK_BUTTON_ATTRIBUTE } from '../../layout/clear-of-ask/ask-button-attribute.ts';

export interface QueryBoxProps {
  query: string;
  onQueryChange(query: string): void;
  /** What the request will cost; null while the price list is not known. */
  cost: number | null;
  affordable: boolean;
  /** Credits left, for the affordability hint. */
  creditsRemaining: number | null;
  loading: boolean;
  /** False when the form cannot be sent yet (no model, nothing affordable…): the button is disabled. */
  canSubmit: boolean;
  /** Shown under the textarea ("Please enter a question"). */
  error: string | null;
  submitLabel: string;
  inputRef?: Ref<HTMLTextAreaElement>;
  /** Test ids, so a page with two forms keeps them apart. */
  testIds?: { input: string; submit: string };
  /** The box's visible label; "Your question" unless a second box (a follow-up) needs its own. */
  label?: string;
}

/**
 * The question box both views share: live counter, the question length limit (more input is ignored),
 * cost badge and affordability, and the submit button that reads "Thinking..." while loading. The caller's form
 * element handles submission; Ctrl/⌘+Enter submits from inside the textarea.
 */
export const QueryBox = memo(function QueryBox(props: QueryBoxProps) {
  const { query, cost, affordable, creditsRemaining, loading, canSubmit, error, submitLabel, inputRef, onQueryChange } = props;
  const ids = props.testIds ?? { input: 'query-input', submit: 'ask-button' };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
    }
  };
  const handleChange = (event: ChangeEvent<HTMLTextAreaElement>) => onQueryChange(limitQueryLength(event.currentTarget.value));

  return (
    <div>
      <Textarea
        ref={inputRef}
        label={props.label ?? 'Your question'}
        placeholder={QUERY_PLACEHOLDER}
        description="Ctrl+Enter to send."
        value={query}
        onChange={handleChange}
        onKeyDown={handleKeyDown}
        maxLength={QUERY_MAX_LENGTH}
        error={error}
        autosize
        minRows={3}
        maxRows={12}
        data-testid={ids.input}
      />
      <Group justify="space-between" mt="xs" gap="xs" wrap="wrap">
        <Group gap="xs">
          {cost !== null && (
            <Badge variant="light" color={affordable ? 'indigo' : 'red'} data-testid="cost-badge">
              Cost: {creditsText(cost)}
            </Badge>
          )}
          {cost !== null && !affordable && (
            <Text size="xs" c="red" data-testid="affordability">
              {creditsRemaining === null ? 'Credit balance unavailable' : `Not enough credits (${creditsText(creditsRemaining)} left)`}
            </Text>
          )}
          {cost !== null && !affordable && creditsRemaining !== null && <BuyCreditsAction />}
        </Group>
        <Group gap="sm">
          <Text size="xs" c={query.length >= QUERY_MAX_LENGTH ? 'orange' : 'dimmed'} aria-live="polite" data-testid="query-counter">
            {query.length}/{QUERY_MAX_LENGTH}
          </Text>
          <Button type="submit" disabled={loading || !canSubmit} data-testid={ids.submit} {...{ [ASK_BUTTON_ATTRIBUTE]: '' }}>
            {loading ? 'Thinking...' : submitLabel}
          </Button>
        </Group>
      </Group>
    </div>
  );
});
