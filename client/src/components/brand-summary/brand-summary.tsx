import { Badge, Blockquote, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { BrandMention } from '../../../../contract/brand.ts';
import { percentText, sentimentColour, sentimentLabel } from './brand-summary-text.ts';
import { AnalyserNote, CompetitorSentiments, EvidenceQuote, JudgeReason, RecommendationBadge } from './brand-evidence.tsx';
import { HighlightedText } from './highlighted-text.tsx';

export interface BrandSummaryProps {
  mention: BrandMention;
}

function Fact({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

/** How the finished answer talks about the brand: whether it is named, in what tone, where and against whom. */
export function BrandSummary({ mention }: BrandSummaryProps) {
  const hasCompetitors = mention.competitors.length > 0;
  const terms = [mention.brandName, ...mention.summary.mentionedTerms];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="brand-summary-title" data-testid="brand-summary">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h5" id="brand-summary-title">
            Brand: {mention.brandName}
          </Title>
          <Group gap="xs">
            <Badge color={mention.mentioned ? 'teal.9' : 'gray'} variant={mention.mentioned ? 'filled' : 'light'} autoContrast data-testid="brand-mentioned">
              {mention.mentioned ? 'Mentioned' : 'Not mentioned'}
            </Badge>
            {mention.mentioned && (
              <Badge color={sentimentColour(mention.sentiment)} variant="light" c="var(--mantine-color-text)" data-testid="brand-sentiment">
                {sentimentLabel(mention.sentiment)}
              </Badge>
            )}
            {mention.recommendation && <RecommendationBadge level={mention.recommendation} testId="brand-recommendation" />}
          </Group>
        </Group>

        {mention.mentioned ? (
          <>
            <SimpleGrid cols={{ base: 2, sm: hasCompetitors ? 4 : 2 }} spacing="sm">
              <Fact label="Confidence" value={percentText(mention.confidence)} testId="brand-confidence" />
              <Fact label="Mentions" value={String(mention.summary.totalMentions)} testId="brand-total-mentions" />
              {hasCompetitors && <Fact label="Rank among brands" value={mention.rank === null ? '—' : `#${mention.rank}`} testId="brand-rank" />}
              {hasCompetitors && (
                <Fact
                  label="Share of voice"
                  value={mention.shareOfVoice === null ? '—' : percentText(mention.shareOfVoice)}
                  testId="brand-share-of-voice"
                />
              )}
            </SimpleGrid>
            {mention.summary.mentionedTerms.length > 0 && (
              <Group gap={6} data-testid="brand-terms">
                <Text size="sm" c="dimmed">
                  Found:
                </Text>
                {mention.summary.mentionedTerms.map((term) => (
                  <Badge key={term} variant="outline" color="gray" tt="none">
                    {term}
                  </Badge>
                ))}
              </Group>
            )}
            {mention.evidence && (
              <EvidenceQuote
                evidence={mention.evidence}
                brandTerms={terms}
                sentiment={mention.correction?.originalSentiment ?? mention.sentiment}
                corrected={mention.correction !== undefined}
                testId="brand-evidence"
              />
            )}
            {mention.judgeReason && <JudgeReason reason={mention.judgeReason} />}
            {mention.summary.contexts.slice(0, 3).map((context, index) => (
              <Blockquote key={index} p="xs" color="gray" fz="sm" style={{ overflowWrap: 'anywhere' }} data-testid="brand-context">
                <HighlightedText text={context} terms={terms} />
              </Blockquote>
            ))}
          </>
        ) : (
          <Text size="sm" c="dimmed">
            This answer does not name {mention.brandName} or any of its keywords.
          </Text>
        )}

        {hasCompetitors && (
          <Text size="sm" data-testid="brand-competitors">
            Competitors named:{' '}
            {mention.competitors.filter((competitor) => competitor.mentioned).map((competitor) => `${competitor.name} (${competitor.mentions})`).join(', ') ||
              'none'}
          </Text>
        )}
        <CompetitorSentiments competitors={mention.competitors} />
        <Text size="sm" c="dimmed" data-testid="brand-domain-cited">
          {mention.brandDomainCited ? 'Your website is among the cited sources.' : 'Your website is not among the cited sources.'}
        </Text>
        <AnalyserNote analyser={mention.analyser} correction={mention.correction} />
      </Stack>
    </Paper>
  );
}
