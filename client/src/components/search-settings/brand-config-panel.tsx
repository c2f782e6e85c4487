import { Stack, TextInput } from '@mantine/core';
import { BRAND_LIMITS } from '../../../../contract/limits.ts';
import { addCompetitor, addKeyword, canAddCompetitor, canAddKeyword } from './brand-config-editing.ts';
import { BRAND_NAME_REQUIRED } from './brand-config.ts';
import type { BrandConfig } from './search-settings-value.ts';
import { TermListField } from './term-list-field.tsx';
import { FactSheetField } from '../fact-sheet/fact-sheet-field.tsx';

interface BrandConfigPanelProps {
  config: BrandConfig | null;
  /** Show "Brand name is required" when the name is empty (monitoring is on). */
  showRequired: boolean;
  onChange(config: BrandConfig): void;
}

const EMPTY: BrandConfig = { brandName: '', websiteUrl: '', keywords: [], competitors: [] };

/** The brand to look for: name (required), website, up to 5 keywords and up to 10 competitors. */
export function BrandConfigPanel({ config, showRequired, onChange }: BrandConfigPanelProps) {
  const current = config ?? EMPTY;
  const competitors = current.competitors ?? [];

  return (
    <Stack gap="sm" pt="xs" data-testid="brand-config-panel">
      <TextInput
        label="Brand name"
        withAsterisk
        maxLength={BRAND_LIMITS.name}
        value={current.brandName}
        error={showRequired && current.brandName.trim() === '' ? BRAND_NAME_REQUIRED : null}
        onChange={(event) => onChange({ ...current, brandName: event.currentTarget.value })}
        data-testid="brand-name-input"
      />
      <TextInput
        label="Website URL"
        type="url"
        placeholder="https://example.com"
        maxLength={BRAND_LIMITS.website}
        value={current.websiteUrl ?? ''}
        onChange={(event) => onChange({ ...current, websiteUrl: event.currentTarget.value })}
      />
      <TermListField
        label={`Keywords (${current.keywords.length}/${BRAND_LIMITS.keywords})`}
        placeholder="Another name, a product…"
        noun="keyword"
        terms={current.keywords}
        maxLength={BRAND_LIMITS.keyword}
        hint="Keywords are optional: other names your brand goes by."
        testId="brand-keyword"
        add={(input) => {
          const result = addKeyword(current.keywords, input);
          if (result.error === null) onChange({ ...current, keywords: result.keywords });
          return result.error;
        }}
        canAdd={(input) => canAddKeyword(current.keywords, input)}
        onRemove={(keyword) => onChange({ ...current, keywords: current.keywords.filter((entry) => entry !== keyword) })}
      />
      <TermListField
        label={`Competitors (${competitors.length}/${BRAND_LIMITS.competitors})`}
        placeholder="A rival brand"
        noun="competitor"
        terms={competitors}
        maxLength={BRAND_LIMITS.name}
        hint="Competitors are optional: add them to see your rank and share of voice in each answer."
        testId="brand-competitor"
        add={(input) => {
          const result = addCompetitor(competitors, input, current.brandName);
          if (result.error === null) onChange({ ...current, competitors: result.competitors });
          return result.error;
        }}
        canAdd={(input) => canAddCompetitor(competitors, input)}
        onRemove={(competitor) => onChange({ ...current, competitors: competitors.filter((entry) => entry !== competitor) })}
      />
      <FactSheetField facts={current.facts} onChange={(facts) => onChange({ ...current, facts })} testId="brand-facts" />
    </Stack>
  );
}
