import { Badge, Blockquote, Button, Collapse, Group, Paper, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import type { MentionRecord } from '../../../../contract/brand.ts';
import { percentText, sentimentColour, sentimentLabel } from '../../components/brand-summary/brand-summary-text.ts';
import { AnalyserNote, CompetitorSentiments, EvidenceQuote, JudgeReason, RecommendationBadge } from '../../components/brand-summary/brand-evidence.tsx';
import { HighlightedText } from '../../components/brand-summary/highlighted-text.tsx';
import { useDisplayNames } from '../../catalogue/display-names.ts';
import { SURFACE_LABELS, visibleKeywords } from './mention-filters.ts';
import { VerdictCorrectionMenu, VerdictSourceBadge } from './verdict-correction-menu.tsx';

export interface MentionCardProps {
  mention: MentionRecord;
  expanded: boolean;
  onToggle(id: string): void;
  onOpen(mention: MentionRecord): void;
}

export const mentionDate = (iso: string): string => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * One stored mention: brand, tone (and the judge's recommendation), confidence, when and by which model, the
 * question, the sentence that decided the tone, and on demand its context, the judge's reason, each competitor's
 * tone and which analyser made it.
 */
export const MentionCard = memo(function MentionCard({ mention, expanded, onToggle, onOpen }: MentionCardProps) {
  const keywords = visibleKeywords(mention.keywordsFound);
  const names = useDisplayNames()(mention.request);
  const contextId = `mention-context-${mention.id}`;
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={`Mention of ${mention.brandName}`} data-testid="mention-card">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" align="flex-start">
          <Group gap="xs">
            <Text fw={700} data-testid="mention-brand">
              {mention.brandName}
            </Text>
            <Badge color={sentimentColour(mention.sentiment)} variant="light" c="var(--mantine-color-text)" data-testid="mention-sentiment">
              {sentimentLabel(mention.sentiment)}
            </Badge>
            <VerdictSourceBadge mention={mention} />
            {mention.surface !== 'model' && (
              <Badge color="gray" variant="light" c="var(--mantine-color-text)" tt="none" data-testid="mention-surface">
                {SURFACE_LABELS[mention.surface]}
              </Badge>
            )}
            {mention.recommendation && <RecommendationBadge level={mention.recommendation} testId="mention-recommendation" />}
            <Badge color="gray" variant="outline" tt="none" title="How sure the match is that this names your brand (more matches, and company words nearby, raise it)" data-testid="mention-confidence">
              {percentText(mention.confidence)} match confidence
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {mentionDate(mention.createdAt)} · {names.engine} - {names.model}
          </Text>
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="mention-query">
          {mention.request.query}
        </Text>
        {mention.evidence && <EvidenceQuote evidence={mention.evidence} brandTerms={[mention.brandName, ...mention.keywordsFound]} sentiment={mention.correction?.originalSentiment ?? mention.sentiment} corrected={mention.correction !== undefined} testId="mention-evidence" />}
        <Group justify="space-between" gap="xs">
          <Group gap={6} data-testid="mention-keywords">
            {keywords.shown.map((keyword) => (
              <Badge key={keyword} variant="dot" color="indigo" tt="none">
                {keyword}
              </Badge>
            ))}
            {keywords.more && (
              <Text size="xs" c="dimmed" data-testid="mention-keywords-more">
                {keywords.more}
              </Text>
            )}
          </Group>
          <Group gap="xs">
            <VerdictCorrectionMenu mention={mention} />
            <Button
              size="compact-sm"
              variant="subtle"
              aria-expanded={expanded}
              aria-controls={contextId}
              onClick={() => onToggle(mention.id)}
              data-testid="mention-toggle-context"
            >
              {expanded ? 'Hide Details' : 'View Details'}
            </Button>
            <Button size="compact-sm" variant="light" onClick={() => onOpen(mention)} data-testid="mention-open">
              Open
            </Button>
          </Group>
        </Group>
        <Collapse expanded={expanded} id={contextId}>
          {expanded && (
            <Stack gap="xs">
              <Blockquote p="xs" color="gray" fz="sm" style={{ overflowWrap: 'anywhere' }} data-testid="mention-context">
                {mention.context ? <HighlightedText text={mention.context} terms={[mention.brandName, ...mention.keywordsFound]} /> : 'No context was kept.'}
              </Blockquote>
              {mention.judgeReason && <JudgeReason reason={mention.judgeReason} />}
              {mention.competitors && <CompetitorSentiments competitors={mention.competitors} />}
              <AnalyserNote analyser={mention.analyser} correction={mention.correction} />
            </Stack>
          )}
        </Collapse>
      </Stack>
    </Paper>
  );
});
