import { Paper } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { QueryBox } from '../query-box/query-box.tsx';

export interface FollowUpBoxProps {
  /** What the follow-up will cost (the same models again) and whether the credits cover it. */
  price: { cost: number | null; affordable: boolean; creditsRemaining: number | null };
  loading: boolean;
  onAsk(question: string): void;
  /** How the follow-up continues, where there is a choice (a comparison): shown above the question, spaced by itself. */
  mode?: ReactNode;
  /** The button's words for the chosen way of continuing. */
  submitLabel?: string;
}

/**
 * Below finished answers: one more question for the same models, each continuing its own conversation. The box
 * empties once the question is sent; the question then heads the answers it gets.
 */
export function FollowUpBox({ price, loading, onAsk, mode, submitLabel = 'Ask follow-up' }: FollowUpBoxProps) {
  const [question, setQuestion] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    if (question.trim() === '') {
      setError('Please enter a question');
      return;
    }
    if (!price.affordable) return;
    onAsk(question.trim());
    setQuestion('');
  };
  return (
    <Paper component="form" withBorder p="md" onSubmit={submit} noValidate aria-label="Ask a follow-up" data-testid="follow-up-form">
      {mode}
      <QueryBox
        label="Follow-up question"
        query={question}
        onQueryChange={(next) => {
          setQuestion(next);
          setError(null);
        }}
        {...price}
        loading={loading}
        canSubmit={price.affordable}
        error={error}
        submitLabel={submitLabel}
        testIds={{ input: 'follow-up-input', submit: 'follow-up-button' }}
      />
    </Paper>
  );
}
