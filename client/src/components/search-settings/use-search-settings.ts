import { useCallback, useEffect, useMemo, useState } from 'react';
import { useAuth } from '../../app-state/auth-context.tsx';
import { brandMonitoringAllowed, webSearchAvailability, type ModelChoice } from '../../catalogue/model-access.ts';
import { readStored, storageKeys, writeStored } from '../../storage/local-storage.ts';
import { brandConfigForRequest, brandConfigProblem } from './brand-config.ts';
import { DEFAULT_SEARCH_SETTINGS, type BrandConfig, type SearchSettingsValue } from './search-settings-value.ts';

export interface SearchSettingsControls {
  value: SearchSettingsValue;
  onChange(value: SearchSettingsValue): void;
  /** Why the request cannot be sent with these settings ("Brand name is required"), or null. */
  problem: string | null;
  /** The fields a search or compare request carries. */
  requestFields(): { searchEnabled: boolean; brandMonitoringEnabled: boolean; brandConfig: BrandConfig | null };
}

/**
 * The Search Settings state of one view, with the product's rules applied as the selection and the tier
 * change: web search is reset when the selection or tier no longer allows it, brand monitoring is forced off when
 * the tier does not allow it. The brand and the monitoring switch are remembered per user.
 */
export function useSearchSettings(choices: readonly ModelChoice[], single: boolean): SearchSettingsControls {
  const { user, tier } = useAuth();
  const userId = user?.id ?? null;
  const [value, setValue] = useState<SearchSettingsValue>(DEFAULT_SEARCH_SETTINGS);

  // Load this user's remembered brand when they sign in (and forget it when they sign out).
  useEffect(() => {
    setValue((current) => ({
      ...current,
      brandConfig: userId ? (readStored<BrandConfig>(storageKeys.brandConfig(userId)) ?? null) : null,
      brandMonitoringEnabled: userId ? readStored<boolean>(storageKeys.brandMonitoring(userId)) === true : false,
    }));
  }, [userId]);

  const webSearch = webSearchAvailability(tier, choices, value.searchEnabled, single);
  const monitoringAllowed = brandMonitoringAllowed(tier);
  const effective = useMemo<SearchSettingsValue>(
    () => ({
      ...value,
      searchEnabled: value.searchEnabled && webSearch.enabled,
      brandMonitoringEnabled: value.brandMonitoringEnabled && monitoringAllowed,
    }),
    [value, webSearch.enabled, monitoringAllowed],
  );

  // Spec section 4: a setting the selection or tier no longer allows is switched off, not kept for later.
  useEffect(() => {
    if (value.searchEnabled && !webSearch.enabled) setValue((current) => ({ ...current, searchEnabled: false }));
  }, [value.searchEnabled, webSearch.enabled]);

  const onChange = useCallback(
    (next: SearchSettingsValue) => {
      setValue(next);
      if (!userId) return;
      writeStored(storageKeys.brandMonitoring(userId), next.brandMonitoringEnabled);
      if (next.brandConfig) writeStored(storageKeys.brandConfig(userId), next.brandConfig);
    },
    [userId],
  );

  const problem = effective.brandMonitoringEnabled ? brandConfigProblem(effective.brandConfig) : null;

  const requestFields = useCallback(
    () => ({
      searchEnabled: effective.searchEnabled,
      brandMonitoringEnabled: effective.brandMonitoringEnabled,
      brandConfig: effective.brandMonitoringEnabled && effective.brandConfig ? brandConfigForRequest(effective.brandConfig) : null,
    }),
    [effective],
  );

  return { value: effective, onChange, problem, requestFields };
}
