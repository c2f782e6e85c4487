import { Alert } from '@mantine/core';
import { useHealthReport } from '../../app-state/health-query.ts';

export const DEMO_MODE_MESSAGE =
  "Demo mode: answers come from Quorum's built-in simulator, not from real AI models. Add a provider API key to ask real models.";

/** Tells the user plainly when answers are simulated, so nobody mistakes them for a real model's words. */
export function DemoBanner() {
  const health = useHealthReport();
  if (!health.data?.demoMode) return null;

  return (
    <Alert data-testid="demo-banner" color="yellow" variant="light" role="status">
      {DEMO_MODE_MESSAGE}
    </Alert>
  );
}
