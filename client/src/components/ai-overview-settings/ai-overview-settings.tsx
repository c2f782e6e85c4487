import { List, NativeSelect, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { AI_OVERVIEW_COUNTRIES, AI_OVERVIEW_LANGUAGES } from '../../../../contract/ai-overview-locales.ts';
import type { AiOverviewParams } from './ai-overview-params.ts';


const countryOptions = AI_OVERVIEW_COUNTRIES.map(({ code, name }) => ({ value: code, label: name }));
const languageOptions = AI_OVERVIEW_LANGUAGES.map(({ code, name }) => ({ value: code, label: name }));

/** The AI Overview engine's settings panel: country and language, and how to get an overview. */
export function AiOverviewSettings({ value, onChange }: { value: AiOverviewParams; onChange(value: AiOverviewParams): void }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="ai-overview-settings-title" data-testid="ai-overview-settings">
      <Stack gap="sm">
        <Title order={2} size="h5" id="ai-overview-settings-title">
          AI Overview settings
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NativeSelect
            label="Country"
            data={countryOptions}
            value={value.gl}
            onChange={(event) => onChange({ ...value, gl: event.currentTarget.value })}
            data-testid="ai-overview-country"
          />
          <NativeSelect
            label="Language"
            data={languageOptions}
            value={value.hl}
            onChange={(event) => onChange({ ...value, hl: event.currentTarget.value })}
            data-testid="ai-overview-language"
          />
        </SimpleGrid>
        <div>
          <Text size="sm" fw={600}>
            Tips
          </Text>
          <List size="sm" c="dimmed" spacing={2}>
            <List.Item>Works best in English (en) for the United States, United Kingdom, Canada and Australia.</List.Item>
            <List.Item>Informational questions get overviews most often.</List.Item>
            <List.Item>Phrase it as “how does…” or “what is…”.</List.Item>
            <List.Item>If you see “No AI Overview available”, rephrase the question and try again.</List.Item>
          </List>
        </div>
      </Stack>
    </Paper>
  );
}
