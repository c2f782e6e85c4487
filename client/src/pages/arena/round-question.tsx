import { Button, Group, Paper, Stack, Text } from '@mantine/core';

export interface RoundQuestionProps {
  question: string;
  /** What the form said the round would cost, when this tab started it (not after a reload). */
  price: string | null;
  /** Set while the models answer: the round can be stopped. */
  onStop?: () => void;
}

/**
 * The question the round answers, above its answers, with what it costs; while the models answer, the way to stop
 * them. A stopped answer is never charged, so saying so makes stopping safe to press.
 */
export function RoundQuestion({ question, price, onStop }: RoundQuestionProps) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="The round's question" data-testid="arena-round-question">
      <Stack gap={6}>
        <Text size="xs" c="dimmed" fw={600} tt="uppercase">
          Your question
        </Text>
        {question && (
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="arena-round-question-text">
            {question}
          </Text>
        )}
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm" c="dimmed" data-testid="arena-round-price">
            {price ? `${price}. ` : ''}Only answers that finish are charged.
          </Text>
          {onStop && (
            <Group gap="sm" wrap="wrap">
              <Text size="sm" c="dimmed" role="status">
                The models are answering…
              </Text>
              <Button color="red" variant="light" size="xs" onClick={onStop} data-testid="arena-stop">
                Stop round
              </Button>
            </Group>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
