import { Collapse } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { BrandConfig } from './search-settings-value.ts';

// The brand form is only needed once someone opens it.
const BrandConfigPanel = lazy(() => import('./brand-config-panel.tsx').then((module) => ({ default: module.BrandConfigPanel })));

interface BrandPanelCollapseProps {
  id: string;
  opened: boolean;
  config: BrandConfig | null;
  showRequired: boolean;
  onChange(config: BrandConfig): void;
}

/**
 * The brand panel sliding open under Brand Monitoring. Loaded only for people allowed to monitor (never for guests),
 * after the first paint: closed, it shows nothing.
 */
export default function BrandPanelCollapse({ id, opened, config, showRequired, onChange }: BrandPanelCollapseProps) {
  return (
    <Collapse expanded={opened} id={id}>
      {opened && (
        <Suspense fallback={null}>
          <BrandConfigPanel config={config} showRequired={showRequired} onChange={onChange} />
        </Suspense>
      )}
    </Collapse>
  );
}
