import { Card, List, Text } from '@mantine/core';
import type { Catalogue } from '../../api/catalogue-api.ts';
import { creditsText } from '../../catalogue/model-access.ts';
import { LONG_CONVERSATION, longConversationSurcharge } from '../../../../contract/long-conversation.ts';

const number = (value: number) => value.toLocaleString('en-US');

/** A conversation long enough to show the rule at work: 20,000 tokens. */
const EXAMPLE_TOKENS = 20_000;

/**
 * What a long conversation adds to a model's price, from the same constants admission charges with, and the range of
 * context windows from the live catalogue.
 */
export function LongConversations({ catalogue }: { catalogue: Catalogue | null }) {
  const { charactersPerToken, includedTokens, blockTokens, creditsPerBlock } = LONG_CONVERSATION;
  const windows = catalogue
    ? Object.values(catalogue.models).flatMap((engine) => engine.models.map((model) => model.contextTokens ?? LONG_CONVERSATION.defaultContextTokens))
    : [];
  return (
    <Card withBorder radius="md" padding="lg">
      <List size="sm" spacing={6} data-testid="long-conversations">
        <List.Item>
          Each model’s price includes {number(includedTokens)} tokens of conversation: about {number(includedTokens * charactersPerToken)} characters of
          your earlier questions, its answers, its instructions and the new question.
        </List.Item>
        <List.Item>
          Beyond that, every started {number(blockTokens)} tokens add {creditsText(creditsPerBlock)} to that model’s price. For example, a conversation of{' '}
          {number(EXAMPLE_TOKENS)} tokens costs the model’s price plus {creditsText(longConversationSurcharge(EXAMPLE_TOKENS))}.
        </List.Item>
        <List.Item>
          Tokens are estimated as one per {charactersPerToken} characters of everything the model reads, so the price is known before you ask: the follow-up
          box of a single answer shows it, and the API answers with what was charged.
        </List.Item>
        <List.Item>
          A conversation longer than a model can read is refused before anything is charged
          {windows.length > 0 ? ` (models read from ${number(Math.min(...windows))} to ${number(Math.max(...windows))} tokens)` : ''}. Start a new conversation to
          go on.
        </List.Item>
      </List>
      <Text size="sm" c="dimmed" mt="sm">
        A first question never costs more than the model’s price: a question and its instructions are far shorter than the tokens included.
      </Text>
    </Card>
  );
}
