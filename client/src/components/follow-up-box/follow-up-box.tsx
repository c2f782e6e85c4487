import { Paper, Text } from '@mantine/core';
import { lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';
import type { AttachmentInfo } from '../../../../contract/attachments.ts';
import { LONG_CONVERSATION, LONG_CONVERSATION_TEXTS } from '../../../../contract/long-conversation.ts';
import { creditsText } from '../../catalogue/model-access.ts';
import { QueryBox } from '../query-box/query-box.tsx';
import { useLongConversationPrice, type LongConversationPrice } from './long-conversation-price.ts';

export interface FollowUpBoxProps {
  /** What the follow-up will cost (the same models again) and whether the credits cover it. */
  price: { cost: number | null; affordable: boolean; creditsRemaining: number | null; models?: number };
  loading: boolean;
  /** The question, and the ids of the files attached to it (none: undefined). */
  onAsk(question: string, attachmentIds?: string[]): void;
  /** How the follow-up continues, where there is a choice (a comparison): shown above the question, spaced by itself. */
  mode?: ReactNode;
  /** The button's words for the chosen way of continuing. */
  submitLabel?: string;
  /**
   * The request this follow-up continues, when each model continues its own conversation: the price then includes
   * what a long conversation adds (contract/long-conversation.ts), as the question is typed.
   */
  followUpOf?: string | undefined;
}

/**
 * Below finished answers: one more question for the same models, each continuing its own conversation. The box
 * empties once the question is sent; the question then heads the answers it gets.
 */
const AttachmentPicker = lazy(() => import('../attachments/attachment-picker.tsx'));

export function FollowUpBox({ price, loading, onAsk, mode, submitLabel = 'Ask follow-up', followUpOf }: FollowUpBoxProps) {
  const [question, setQuestion] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [files, setFiles] = useState<readonly AttachmentInfo[]>([]);
  const longConversation = useLongConversationPrice(followUpOf, question);
  // Files add their price per model: the models' price over their own share says how many models there are.
  const filesCredits = files.reduce((sum, file) => sum + file.credits, 0);
  const cost = price.cost === null ? null : price.cost + longConversation.surcharge + filesCredits * (price.models ?? 1);
  // The models' prices were affordable; the surcharge must be too.
  const affordable = price.affordable && (price.creditsRemaining ?? 0) >= (cost ?? 0);
  const canAsk = affordable && longConversation.tooLong === null;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    if (question.trim() === '') {
      setError('Please enter a question');
      return;
    }
    if (!canAsk) return;
    onAsk(question.trim(), files.length > 0 ? files.map((file) => file.id) : undefined);
    setQuestion('');
    setFiles([]);
  };
  return (
    <Paper component="form" withBorder p="md" onSubmit={submit} noValidate aria-label="Ask a follow-up" data-testid="follow-up-form">
      {mode}
      <Suspense fallback={null}>
        <AttachmentPicker files={files} onChange={setFiles} modelCount={price.models} testId="follow-up-attachments" />
      </Suspense>
      <QueryBox
        label="Follow-up question"
        query={question}
        onQueryChange={(next) => {
          setQuestion(next);
          setError(null);
        }}
        cost={cost}
        affordable={affordable}
        creditsRemaining={price.creditsRemaining}
        loading={loading}
        canSubmit={canAsk}
        error={error}
        submitLabel={submitLabel}
        testIds={{ input: 'follow-up-input', submit: 'follow-up-button' }}
      />
      <LongConversationNote price={longConversation} />
    </Paper>
  );
}

/** Says what a long conversation adds to the price, or that it is too long for a model, under the box. */
function LongConversationNote({ price }: { price: LongConversationPrice }) {
  if (price.tooLong) {
    return (
      <Text size="xs" c="red" mt="xs" role="alert" data-testid="long-conversation-note">
        {LONG_CONVERSATION_TEXTS.tooLong(price.tooLong.name, price.tooLong.inputTokens, price.tooLong.contextTokens)}
      </Text>
    );
  }
  if (price.surcharge === 0 || price.inputTokens === null) return null;
  return (
    <Text size="xs" c="dimmed" mt="xs" aria-live="polite" data-testid="long-conversation-note">
      Includes {creditsText(price.surcharge)} for a long conversation: about {price.inputTokens.toLocaleString('en-US')} tokens, of which{' '}
      {LONG_CONVERSATION.includedTokens.toLocaleString('en-US')} are included in the price.
    </Text>
  );
}
