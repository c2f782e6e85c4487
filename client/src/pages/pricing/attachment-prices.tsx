import { Card, List, Text } from '@mantine/core';
import { ATTACHMENT_LIMITS, ATTACHMENT_PRICING, ATTACHMENT_TEXTS, documentCredits } from '../../../../contract/attachments.ts';
import { creditsText } from '../../catalogue/model-access.ts';

const number = (value: number) => value.toLocaleString('en-US');

/** A document long enough to show the rule at work: 30,000 characters (about 7,500 tokens). */
const EXAMPLE_CHARS = 30_000;

/** What attached files add to a question's price, from the same constants admission charges with. */
export function AttachmentPrices() {
  return (
    <Card withBorder radius="md" padding="lg">
      <List size="sm" spacing={6} data-testid="attachment-prices">
        <List.Item>{ATTACHMENT_TEXTS.limits}</List.Item>
        <List.Item>
          Each image adds {creditsText(ATTACHMENT_PRICING.creditsPerImage)} to the price of every model that reads it. Only models that read images can be
          asked with one: the model list says which.
        </List.Item>
        <List.Item>
          A document is read as text on our server and every model is given that text. It adds {creditsText(ATTACHMENT_PRICING.creditsPerDocumentBlock)} per
          started {number(ATTACHMENT_PRICING.documentBlockTokens)} tokens of its text to each model’s price; for example, a document of{' '}
          {number(EXAMPLE_CHARS)} characters adds {creditsText(documentCredits(EXAMPLE_CHARS))} per model.
        </List.Item>
        <List.Item>
          The price with the files is shown before you ask, held while the models answer and charged only for the answers that finish, like the rest.
        </List.Item>
      </List>
      <Text size="sm" c="dimmed" mt="sm">
        Files are kept with your question (up to {number(ATTACHMENT_LIMITS.accountBytes / (1024 * 1024))} MB per account) and deleted with it, or with your
        account.
      </Text>
    </Card>
  );
}
