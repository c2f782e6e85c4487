import { Button, Group, Pill, Stack, Text, TextInput } from '@mantine/core';
import { useState, type KeyboardEvent } from 'react';
import { BRAND_LIMITS } from '../../../../contract/limits.ts';
import { addKeyword, BRAND_NAME_REQUIRED, canAddKeyword } from './brand-config.ts';
import type { BrandConfig } from './search-settings-value.ts';

interface BrandConfigPanelProps {
  config: BrandConfig | null;
  /** Show "Brand name is required" when the name is empty (monitoring is on). */
  showRequired: boolean;
  onChange(config: BrandConfig): void;
}

const EMPTY: BrandConfig = { brandName: '', websiteUrl: '', keywords: [] };

/** The brand to look for: name (required), website, up to 5 keywords. */
export function BrandConfigPanel({ config, showRequired, onChange }: BrandConfigPanelProps) {
  const current = config ?? EMPTY;
  const [keywordInput, setKeywordInput] = useState('');
  const [keywordError, setKeywordError] = useState<string | null>(null);

  const add = () => {
    const result = addKeyword(current.keywords, keywordInput);
    setKeywordError(result.error);
    if (result.error === null) {
      onChange({ ...current, keywords: result.keywords });
      setKeywordInput('');
    }
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter adds a keyword; it must not submit the question's form around it.
    event.preventDefault();
    if (canAddKeyword(current.keywords, keywordInput)) add();
  };

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
      <div>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label={`Keywords (${current.keywords.length}/${BRAND_LIMITS.keywords})`}
            placeholder="Another name, a product…"
            maxLength={BRAND_LIMITS.keyword}
            value={keywordInput}
            error={keywordError}
            onChange={(event) => {
              setKeywordInput(event.currentTarget.value);
              setKeywordError(null);
            }}
            onKeyDown={handleKeyDown}
            style={{ flex: 1 }}
            data-testid="brand-keyword-input"
          />
          <Button variant="light" onClick={add} disabled={!canAddKeyword(current.keywords, keywordInput)} mb={keywordError ? 22 : 0}>
            Add
          </Button>
        </Group>
        {current.keywords.length > 0 ? (
          <Group gap={6} mt="xs">
            {current.keywords.map((keyword) => (
              <Pill
                key={keyword}
                withRemoveButton
                removeButtonProps={{ 'aria-label': `Remove keyword ${keyword}` }}
                onRemove={() => onChange({ ...current, keywords: current.keywords.filter((entry) => entry !== keyword) })}
              >
                {keyword}
              </Pill>
            ))}
          </Group>
        ) : (
          <Text size="xs" c="dimmed" mt={4}>
            Keywords are optional: other names your brand goes by.
          </Text>
        )}
      </div>
    </Stack>
  );
}
