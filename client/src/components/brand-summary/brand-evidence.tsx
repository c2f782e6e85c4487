import { Badge, Blockquote, Group, Mark, Stack, Text } from '@mantine/core';
import type { BrandAnalyser, CompetitorMention, RecommendationLevel, SentimentEvidence, VerdictCorrection } from '../../../../contract/brand.ts';
import { sentimentColour, sentimentLabel } from './brand-summary-text.ts';
import { analyserText, evidenceParts, recommendationColour, recommendationLabel } from './evidence-text.ts';

/**
 * The pieces that say why a brand verdict was reached, shared by the answer's brand summary and the Brand Mentions
 * page's card and dialog: the deciding sentence with its cue words marked, the judge's recommendation and reason,
 * each competitor's tone, and which analyser made it.
 */

/** The sentence that decided the verdict: cue words marked in the sentiment's colour, the brand's names in yellow. */
export function EvidenceQuote({
  evidence,
  brandTerms,
  sentiment,
  testId,
  labelled = true,
  corrected = false,
}: {
  evidence: SentimentEvidence;
  brandTerms: readonly string[];
  sentiment: string;
  testId: string;
  /** Says what the quote is (off where a field label already does). */
  labelled?: boolean;
  /** A person corrected the verdict: the quote is why the analyser said `sentiment`, not why the verdict stands. */
  corrected?: boolean;
}) {
  const cueColour = sentiment === 'positive' ? 'teal' : sentiment === 'negative' ? 'red' : 'gray';
  const quote = (
    <Blockquote p="xs" color={sentimentColour(sentiment)} fz="sm" style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
      {evidenceParts(evidence.sentence, brandTerms, evidence.cues).map((part, index) =>
        part.kind === 'plain' ? (
          <span key={index}>{part.text}</span>
        ) : (
          <Mark key={index} color={part.kind === 'cue' ? cueColour : 'yellow'} fw={part.kind === 'cue' ? 700 : undefined} data-evidence={part.kind}>
            {part.text}
          </Mark>
        ),
      )}
    </Blockquote>
  );
  if (!labelled) return quote;
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {corrected ? `Why the analyser said ${sentimentLabel(sentiment).toLowerCase()}` : `Why ${sentimentLabel(sentiment).toLowerCase()}`}
      </Text>
      {quote}
    </Stack>
  );
}

export function RecommendationBadge({ level, testId }: { level: RecommendationLevel; testId: string }) {
  return (
    <Badge color={recommendationColour(level)} variant="outline" tt="none" data-testid={testId}>
      {recommendationLabel(level)}
    </Badge>
  );
}

/** The judge's reason, said to be the judge's. */
export function JudgeReason({ reason }: { reason: string }) {
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="judge-reason">
      <Text span fw={600}>
        Judge:{' '}
      </Text>
      {reason}
    </Text>
  );
}

/** Which analyser decided; a verdict a person corrected says so first (the analyser's stays for reference). */
export function AnalyserNote({ analyser, correction }: { analyser: BrandAnalyser | undefined; correction?: VerdictCorrection | undefined }) {
  return (
    <Text size="xs" c="dimmed" data-testid="brand-analyser">
      {correction ? `Corrected by a person (the analyser said ${sentimentLabel(correction.originalSentiment).toLowerCase()}). ` : ''}
      {analyserText(analyser)}
    </Text>
  );
}

/** Each named competitor with the tone the answer takes to it (and the judge's recommendation, when judged). */
export function CompetitorSentiments({ competitors }: { competitors: readonly CompetitorMention[] }) {
  const named = competitors.filter((competitor) => competitor.mentioned);
  if (named.length === 0) return null;
  return (
    <Stack gap={4} data-testid="competitor-sentiments">
      {named.map((competitor) => (
        <Group key={competitor.name} gap={6} wrap="wrap" data-testid="competitor-sentiment">
          <Text size="sm" fw={600}>
            {competitor.name}
          </Text>
          {competitor.sentiment && (
            <Badge size="sm" color={sentimentColour(competitor.sentiment)} variant="light" c="var(--mantine-color-text)">
              {sentimentLabel(competitor.sentiment)}
            </Badge>
          )}
          {competitor.recommendation && <RecommendationBadge level={competitor.recommendation} testId="competitor-recommendation" />}
          {competitor.evidence && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere', flexBasis: '100%' }}>
              “{competitor.evidence.sentence}”
            </Text>
          )}
        </Group>
      ))}
    </Stack>
  );
}
