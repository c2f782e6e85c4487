import { Badge, Group, Stack, Text } from '@mantine/core';
import { creditsText } from '../../catalogue/model-access.ts';
import type { ShownVersion } from '../../requests/column-versions.ts';
import { runErrorText, STOPPED_TEXT } from '../../requests/run-outcome-text.ts';
import { LazyMarkdownAnswer } from '../markdown-answer/lazy-markdown-answer.tsx';

/** An answer this model gave before it was regenerated: its text, or that it was stopped or failed, and its cost. */
export function EarlierVersionAnswer({ version }: { version: ShownVersion }) {
  const stopped = version.phase === 'stopped';
  return (
    <Stack gap="xs" data-testid="column-earlier-version" data-state={version.phase}>
      <Group gap="xs">
        {stopped && (
          <Badge variant="filled" color="gray">
            {STOPPED_TEXT}
          </Badge>
        )}
        {version.result && (
          <Badge variant="light" color={version.result.success ? 'indigo' : 'gray'} tt="none">
            {creditsText(version.result.success ? version.result.creditsUsed : 0)}
          </Badge>
        )}
      </Group>
      {version.text !== '' && (
        <div style={{ overflowWrap: 'anywhere', ...(stopped ? { opacity: 0.65 } : {}) }}>
          <LazyMarkdownAnswer content={version.text} />
        </div>
      )}
      {version.phase === 'error' && (
        <Text size="sm" c="red">
          {runErrorText(version.result?.error)}
        </Text>
      )}
      {stopped && version.text === '' && (
        <Text size="sm" c="dimmed">
          Stopped before the first words arrived.
        </Text>
      )}
    </Stack>
  );
}
