import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { HistoryRequest } from '../../api/history-api.ts';
import { useDisplayNames } from '../../catalogue/display-names.ts';
import { creditsText } from '../../catalogue/model-access.ts';
import { comparisonResultView, requestAnswerView, requestResults, type AnswerView, type ComparisonResultView } from '../../history/request-groups.ts';
import { isComparisonRequest } from '../../history/request-kind.ts';
import { compactSummary, sentimentColour } from '../brand-summary/brand-summary-text.ts';
import { LazyMarkdownAnswer } from '../markdown-answer/lazy-markdown-answer.tsx';
import { VersionPager, useVersion } from '../version-pager/version-pager.tsx';

function Answer({ view }: { view: AnswerView }) {
  if (view.kind === 'markdown') return <LazyMarkdownAnswer content={view.markdown} />;
  if (view.kind === 'error')
    return (
      <Text c="red" size="sm" data-testid="request-error">
        {view.message}
      </Text>
    );
  if (view.kind === 'stopped')
    return (
      <Text c="dimmed" size="sm" data-testid="request-stopped">
        {view.text}
      </Text>
    );
  return (
    <Text c="dimmed" size="sm" fs="italic" data-testid="request-note">
      {view.text}
    </Text>
  );
}

/** What one answer said about the monitored brand, as the comparison columns put it. */
function BrandResult({ version }: { version: ComparisonResultView }) {
  const mention = version.brandMention;
  if (!mention) return null;
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" data-testid="history-brand-result">
      {mention.mentioned && (
        <Badge size="sm" variant="filled" color={sentimentColour(mention.sentiment)} style={{ flex: 'none' }}>
          Mentioned
        </Badge>
      )}
      <Text size="xs" c="dimmed">
        {mention.brandName}: {compactSummary(mention)}
      </Text>
    </Group>
  );
}

/** One model's answer in a past request, with its versions to flip through when it was regenerated. */
function ModelAnswer({ view, framed }: { view: ComparisonResultView; framed: boolean }) {
  const [index, setIndex] = useVersion(view);
  const names = useDisplayNames()(view.pair);
  const shown = view.versions[index] ?? view;
  const badges = (
    <Group gap={6} wrap="nowrap" style={{ flex: 'none' }}>
      {shown.stopped && (
        <Badge variant="filled" color="gray" data-testid="history-stopped">
          Stopped
        </Badge>
      )}
      <Badge variant="light" tt="none" data-testid="history-version-credits">
        {creditsText(shown.creditsUsed)}
      </Badge>
    </Group>
  );
  const pager = <VersionPager count={view.versions.length} index={index} onChange={setIndex} label={view.label} />;
  const body = framed ? (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="comparison-result-model">
          {names.engine} - {names.model}
        </Text>
        {badges}
      </Group>
      {pager}
      <Answer view={shown.answer} />
      <BrandResult version={shown} />
    </Stack>
  ) : (
    <Stack gap="xs">
      {/* A single answer has no model label to head it: its versions and cost share one line, when there are any. */}
      {(shown.stopped || view.versions.length > 1) && (
        <Group justify="space-between" gap="xs" wrap="nowrap">
          {view.versions.length > 1 ? pager : <span />}
          {badges}
        </Group>
      )}
      <Answer view={shown.answer} />
      <BrandResult version={shown} />
    </Stack>
  );
  return framed ? (
    <Paper withBorder p="sm" data-testid="comparison-result" data-state={shown.stopped ? 'stopped' : shown.answer.kind}>
      {body}
    </Paper>
  ) : (
    <div data-testid="single-result" data-state={shown.stopped ? 'stopped' : shown.answer.kind}>
      {body}
    </div>
  );
}

/** A request's answer: each model's answer (its versions to flip through), or the request's own error or note. */
export function RequestAnswer({ request }: { request: HistoryRequest }) {
  const comparison = isComparisonRequest(request);
  const results = requestResults(request);
  // A single answer from a server that lists its result reads the same way as a comparison's model, unframed.
  if (!comparison && results.length === 1) return <ModelAnswer view={comparisonResultView(results[0]!)} framed={false} />;
  const view = requestAnswerView(request);
  if (view.kind !== 'comparison') return <Answer view={view} />;
  return (
    <Stack gap="sm">
      {view.results.map((result, index) => (
        // Two sections can share a label (the same model asked twice), so the position keeps keys apart.
        <ModelAnswer key={`${index}-${result.label}`} view={result} framed />
      ))}
    </Stack>
  );
}
