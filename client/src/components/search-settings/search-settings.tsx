import { Badge, Button, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { lazy, memo, Suspense, useState } from 'react';
import { useAuth } from '../../app-state/auth-context.tsx';
import { useCredits } from '../../app-state/credits-context.tsx';
import { brandMonitoringAllowed, creditsText, LOCK_PROMPTS, webSearchAvailability, type ModelChoice } from '../../catalogue/model-access.ts';
import { brandConfigProblem } from './brand-config.ts';
import type { SearchSettingsValue } from './search-settings-value.ts';

export interface SearchSettingsProps {
  /** The models the request would go to (one in the single view). */
  choices: ModelChoice[];
  single: boolean;
  value: SearchSettingsValue;
  onChange(value: SearchSettingsValue): void;
  /** The name of the form's submit button ("Ask", "Compare"), which the missing-brand warning names. */
  submitLabel?: string;
}

// Only for people allowed to monitor, and shut until opened: its code arrives after the first paint.
const BrandPanelCollapse = lazy(() => import('./brand-panel-collapse.tsx'));
const BRAND_PANEL_ID = 'brand-config-panel';

const WEB_SEARCH_BADGE_COLOURS = { Register: 'indigo', 'No Models': 'gray', 'Not Supported': 'gray', Active: 'green' } as const;

/**
 * Spec section 2's Search Settings: the Web Search toggle (with its cost, badge and reason) and the Brand
 * Monitoring toggle with its expandable brand panel. What is allowed comes from `model-access.ts`; the owning
 * view's `useSearchSettings` switches off whatever stops being allowed.
 */
// Memoised: the views re-render for every streamed word, and these settings do not change while an answer streams.
export const SearchSettings = memo(function SearchSettings({ choices, single, value, onChange, submitLabel = 'Ask' }: SearchSettingsProps) {
  const { tier } = useAuth();
  const { pricing } = useCredits();
  const [brandPanelOpen, setBrandPanelOpen] = useState(false);
  const webSearch = webSearchAvailability(tier, choices, value.searchEnabled, single);
  const monitoringAllowed = brandMonitoringAllowed(tier);
  // Monitoring on without a brand name holds Ask back: the panel stays open and says so, whatever opened it
  // (the toggle, or a choice remembered from an earlier visit).
  const brandMissing = monitoringAllowed && value.brandMonitoringEnabled && brandConfigProblem(value.brandConfig) !== null;
  const panelOpen = brandPanelOpen || brandMissing;
  const webSearchPrice = pricing?.features.webSearch ?? 2;

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="search-settings-title">
      <Stack gap="sm">
        <Title order={2} size="h5" id="search-settings-title">
          Search Settings
        </Title>

        {/* On a narrow phone the badge goes under the toggle (kept to the right) rather than push the row off the screen. */}
        <Group justify="space-between" wrap="wrap" align="flex-start" gap="xs" data-testid="web-search-setting">
          <Switch
            label={
              <>
                Web Search{' '}
                {/* The price stays in sight while the toggle is locked: it is part of what registering would unlock. */}
                <Text span size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid="web-search-cost">
                  +{creditsText(webSearchPrice)}
                  {single ? '' : ' per model'}
                </Text>
              </>
            }
            description={webSearch.reason ?? 'Answers grounded in live web results'}
            checked={value.searchEnabled}
            disabled={!webSearch.enabled}
            onChange={(event) => onChange({ ...value, searchEnabled: event.currentTarget.checked })}
            data-testid="web-search-toggle"
          />
          {webSearch.badge && (
            <Badge variant="light" color={WEB_SEARCH_BADGE_COLOURS[webSearch.badge]} c="var(--mantine-color-text)" data-testid="web-search-badge" style={{ flexShrink: 0, marginLeft: 'auto' }}>
              {webSearch.badge}
            </Badge>
          )}
        </Group>

        <Group justify="space-between" wrap="nowrap" align="flex-start" data-testid="brand-monitoring-setting">
          <Switch
            label="Brand Monitoring"
            description={monitoringAllowed ? 'See whether answers mention your brand, and how' : 'Register for monitoring'}
            checked={value.brandMonitoringEnabled}
            disabled={!monitoringAllowed}
            onChange={(event) => {
              const on = event.currentTarget.checked;
              onChange({ ...value, brandMonitoringEnabled: on });
              if (on && !value.brandConfig?.brandName) setBrandPanelOpen(true);
            }}
            data-testid="brand-monitoring-toggle"
          />
          {/* The badge and the panel's button stack on a narrow phone rather than push the row off the screen. */}
          <Group gap={4} wrap="wrap" justify="flex-end" style={{ flexShrink: 0, maxWidth: '50%' }}>
            {!monitoringAllowed && (
              <Badge variant="light" color="indigo" data-testid="brand-monitoring-badge">
                Register
              </Badge>
            )}
            {monitoringAllowed && value.brandMonitoringEnabled && (
              <Badge variant="light" color="green" c="var(--mantine-color-text)" data-testid="brand-monitoring-badge">
                Active
              </Badge>
            )}
            {/* While the name is missing the panel stays open, so there is nothing to show or hide. */}
            {monitoringAllowed && !brandMissing && (
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => setBrandPanelOpen(!panelOpen)}
                aria-expanded={panelOpen}
                aria-controls={BRAND_PANEL_ID}
              >
                {panelOpen ? 'Hide brand' : 'Configure brand'}
              </Button>
            )}
          </Group>
        </Group>

        {brandMissing && (
          <Text size="sm" c="var(--mantine-color-error)" role="status" data-testid="brand-missing-reason">
            {submitLabel} is disabled until you enter a brand name below, or turn Brand Monitoring off.
          </Text>
        )}
        {monitoringAllowed && (
          // Until its code arrives, an empty closed element keeps the button's aria-controls pointing somewhere.
          <Suspense fallback={<div id={BRAND_PANEL_ID} hidden />}>
            <BrandPanelCollapse
              id={BRAND_PANEL_ID}
              opened={panelOpen}
              config={value.brandConfig}
              showRequired={value.brandMonitoringEnabled}
              onChange={(brandConfig) => onChange({ ...value, brandConfig })}
            />
          </Suspense>
        )}
        {!monitoringAllowed && (
          <Text size="xs" c="dimmed">
            {LOCK_PROMPTS.register}
          </Text>
        )}
      </Stack>
    </Paper>
  );
});
