import { Badge, Group, Paper, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import type { BrandAnalytics } from '../../../../contract/brand.ts';
import { percentText } from '../../components/brand-summary/brand-summary-text.ts';
import { agreementText, correctionText, leanDisplay, rateText } from './analytics-series.ts';

function Stat({ label, value, colour, testId }: { label: string; value: string; colour?: string; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" {...(colour ? { c: colour } : {})} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

/** One brand's numbers at a glance: how often answers name it, how sure the match is, and in what tone. */
export function BrandAnalyticsCard({ brand }: { brand: BrandAnalytics }) {
  const lean = leanDisplay(brand.lean);
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={`Analytics for ${brand.brandName}`} data-testid="brand-analytics-card">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Text fw={700} truncate="end" data-testid="analytics-brand">
              {brand.brandName}
            </Text>
            {brand.websiteUrl && (
              <Text size="xs" c="dimmed" truncate="end">
                {brand.websiteUrl}
              </Text>
            )}
          </div>
          <Tooltip label={lean.detail} multiline w={260} withArrow events={{ hover: true, focus: true, touch: true }}>
            <Badge color={lean.colour} variant="light" c="var(--mantine-color-text)" tabIndex={0} aria-label={`${lean.label}. ${lean.detail}`} data-testid="analytics-trend">
              {lean.label}
            </Badge>
          </Tooltip>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Stat label="Answers analysed" value={String(brand.totalRequests)} testId="analytics-total-requests" />
          <Stat label="Mentions" value={String(brand.totalMentions)} testId="analytics-total-mentions" />
          <Stat label="Mention rate" value={rateText(brand.mentionRate)} testId="analytics-mention-rate" />
          <Stat label="Avg match confidence" value={percentText(brand.avgConfidence)} testId="analytics-avg-confidence" />
          <Stat label="Positive" value={String(brand.positiveMentions)} colour="green" testId="analytics-positive" />
          <Stat label="Negative" value={String(brand.negativeMentions)} colour="red" testId="analytics-negative" />
          <Stat label="Neutral" value={String(brand.neutralMentions)} colour="dimmed" testId="analytics-neutral" />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <div>
            <Text size="xs" c="dimmed">
              Local analyser agrees with the judge
            </Text>
            <Text size="sm" fw={600} data-testid="analytics-judge-agreement">
              {agreementText(brand.judgeAgreement)}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              Verdicts corrected by people
            </Text>
            <Text size="sm" fw={600} data-testid="analytics-corrections">
              {correctionText(brand.corrections, brand.totalMentions)}
            </Text>
          </div>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
