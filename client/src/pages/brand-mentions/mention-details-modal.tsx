import { Badge, Blockquote, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { MentionRecord } from '../../../../contract/brand.ts';
import { percentText, sentimentColour, sentimentLabel } from '../../components/brand-summary/brand-summary-text.ts';
import { AnalyserNote, CompetitorSentiments, EvidenceQuote, JudgeReason, RecommendationBadge } from '../../components/brand-summary/brand-evidence.tsx';
import { HighlightedText } from '../../components/brand-summary/highlighted-text.tsx';
import { useDisplayNames } from '../../catalogue/display-names.ts';
import { VerdictSourceBadge } from './verdict-correction-menu.tsx';
import { mentionDate } from './mention-card.tsx';
import { FactCheckStatements } from '../../components/fact-sheet/fact-check-statements.tsx';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" mb={2}>
        {label}
      </Text>
      {children}
    </div>
  );
}

/** Everything stored about one mention, in a dialog: closing it returns to the list where it was. */
export function MentionDetailsModal({ mention, onClose }: { mention: MentionRecord | null; onClose(): void }) {
  const nameOf = useDisplayNames();
  const names = mention ? nameOf(mention.request) : null;
  return (
    <Modal opened={mention !== null} onClose={onClose} title={mention ? `Brand Mention: ${mention.brandName}` : ''} size="lg" closeButtonProps={{ 'aria-label': 'Close' }} data-testid="mention-modal">
      {mention && (
        <Stack gap="md" data-testid="mention-modal-body">
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Field label="Sentiment">
              <Group gap={4}>
                <Badge color={sentimentColour(mention.sentiment)} variant="light" c="var(--mantine-color-text)">
                  {sentimentLabel(mention.sentiment)}
                </Badge>
                {mention.recommendation && <RecommendationBadge level={mention.recommendation} testId="mention-modal-recommendation" />}
                <VerdictSourceBadge mention={mention} />
              </Group>
            </Field>
            <Field label="Confidence">
              <Text fw={600}>{percentText(mention.confidence)}</Text>
            </Field>
            <Field label="Date">
              <Text size="sm">{mentionDate(mention.createdAt)}</Text>
            </Field>
            <Field label="AI model">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {mention.request.model}
              </Text>
              <Text size="xs" c="dimmed">
                {mention.request.engine}
              </Text>
            </Field>
          </SimpleGrid>
          {mention.evidence && (
            <Field label="Why this sentiment">
              <EvidenceQuote evidence={mention.evidence} brandTerms={[mention.brandName, ...mention.keywordsFound]} sentiment={mention.correction?.originalSentiment ?? mention.sentiment} testId="mention-modal-evidence" labelled={false} />
            </Field>
          )}
          {mention.judgeReason && <JudgeReason reason={mention.judgeReason} />}
          {mention.factCheck && (
            <Field label="Against your fact sheet">
              <FactCheckStatements check={mention.factCheck} />
            </Field>
          )}
          {mention.competitors && mention.competitors.some((competitor) => competitor.mentioned) && (
            <Field label="Competitors in this answer">
              <CompetitorSentiments competitors={mention.competitors} />
            </Field>
          )}
          <Field label="Context">
            <Blockquote p="xs" color="gray" fz="sm" style={{ overflowWrap: 'anywhere' }}>
              {mention.context ? <HighlightedText text={mention.context} terms={[mention.brandName, ...mention.keywordsFound]} /> : 'No context was kept.'}
            </Blockquote>
          </Field>
          <Field label="Original request">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {mention.request.query}
            </Text>
          </Field>
          <Field label="Keywords found">
            <Group gap={6}>
              {mention.keywordsFound.length > 0
                ? mention.keywordsFound.map((keyword) => (
                    <Badge key={keyword} variant="dot" color="indigo" tt="none">
                      {keyword}
                    </Badge>
                  ))
                : <Text size="sm" c="dimmed">None</Text>}
            </Group>
          </Field>
          <AnalyserNote analyser={mention.analyser} correction={mention.correction} />
        </Stack>
      )}
    </Modal>
  );
}
