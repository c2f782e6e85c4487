import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { ModelResult } from '../../../../contract/model-result.ts';
import type { AnswerSource } from '../../../../contract/run-events.ts';
import { useShowFigures } from '../../app-state/show-figures.ts';
import { isWebAddress, sourceLabel, speedText, timingText, tokensText } from './answer-facts-text.ts';
import { SearchTrailView } from '../search-trail/search-trail-view.tsx';

export interface AnswerFactsProps {
  sources: readonly AnswerSource[];
  /** The finished answer's result; its timings and tokens show once it is there. */
  result: ModelResult | null;
}

/**
 * What a single answer and every comparison column show under an answer: its sources, and (unless the person hid
 * figures) its timings, tokens and writing speed.
 */
export function AnswerFacts({ sources, result }: AnswerFactsProps) {
  const showFigures = useShowFigures();
  const figures = showFigures && result;
  const timing = figures ? timingText(result.timeToFirstTokenMs, result.durationMs) : null;
  const tokens = figures ? tokensText(result) : null;
  const speed = figures ? speedText(result.outputTokens, result.timeToFirstTokenMs, result.durationMs) : null;
  // A finished answer that searched shows what it searched, cited and only retrieved, in place of the plain list.
  const trail = result?.searchTrail ?? null;
  if (sources.length === 0 && !trail && !timing && !tokens) return null;

  return (
    <Stack gap={6} data-testid="answer-facts">
      {trail ? (
        <div data-testid="answer-sources">
          <SearchTrailView trail={trail} />
        </div>
      ) : null}
      {!trail && sources.length > 0 && (
        <div data-testid="answer-sources">
          <Text size="xs" c="dimmed" fw={500} component="h3" m={0}>
            Sources
          </Text>
          <ol style={{ margin: '4px 0 0', paddingInlineStart: '1.25rem' }}>
            {sources.map((source) => (
              <li key={source.url} style={{ overflowWrap: 'anywhere' }}>
                {isWebAddress(source.url) ? (
                  <Anchor href={source.url} target="_blank" rel="noopener noreferrer" size="xs" title={source.url} data-testid="answer-source">
                    {sourceLabel(source)}
                  </Anchor>
                ) : (
                  <Text size="xs" span>
                    {sourceLabel(source)}
                  </Text>
                )}
              </li>
            ))}
          </ol>
        </div>
      )}
      {(timing || tokens) && (
        <Group gap="md" wrap="wrap">
          {timing && (
            <Text size="xs" c="dimmed" data-testid="answer-timing">
              {timing}
            </Text>
          )}
          {tokens && (
            <Text size="xs" c="dimmed" data-testid="answer-tokens" title="Cached tokens are part of the input, reasoning tokens part of the output">
              {tokens}
            </Text>
          )}
          {speed && (
            <Text size="xs" c="dimmed" data-testid="answer-speed">
              {speed}
            </Text>
          )}
        </Group>
      )}
    </Stack>
  );
}
