import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { HistoryRequest } from '../../api/history-api.ts';
import { useDisplayNames } from '../../catalogue/display-names.ts';
import { creditsText } from '../../catalogue/model-access.ts';
import { requestAnswerView, type AnswerView } from '../../history/request-groups.ts';
import { LazyMarkdownAnswer } from '../markdown-answer/lazy-markdown-answer.tsx';

function Answer({ view }: { view: AnswerView }) {
  if (view.kind === 'markdown') return <LazyMarkdownAnswer content={view.markdown} />;
  if (view.kind === 'error')
    return (
      <Text c="red" size="sm" data-testid="request-error">
        {view.message}
      </Text>
    );
  return (
    <Text c="dimmed" size="sm" fs="italic" data-testid="request-note">
      {view.text}
    </Text>
  );
}

/** A request's answer: the rendered response, one section per model for a comparison, or its error. */
export function RequestAnswer({ request }: { request: HistoryRequest }) {
  const view = requestAnswerView(request);
  const nameOf = useDisplayNames();
  if (view.kind !== 'comparison') return <Answer view={view} />;
  return (
    <Stack gap="sm">
      {view.results.map((result, index) => (
        // Two sections can share a label (the same model asked twice), so the position keeps keys apart.
        <Paper key={`${index}-${result.label}`} withBorder p="sm" data-testid="comparison-result">
          <Stack gap="xs">
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="comparison-result-model">
                {nameOf(result.pair).engine} - {nameOf(result.pair).model}
              </Text>
              <Badge variant="light" tt="none" style={{ flex: 'none' }}>
                {creditsText(result.creditsUsed)}
              </Badge>
            </Group>
            <Answer view={result.answer} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
