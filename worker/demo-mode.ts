import type { Logger } from 'pino';
import type { ProviderId, ProviderSettings, QuorumConfig } from '../core/config/index.ts';
import { startProviderSimulator, type RunningProviderSimulator } from '../simulator/provider-simulator.ts';
import { simulatorBaseUrls } from '../simulator/simulator-base-urls.ts';

const DEMO_API_KEY = 'demo-mode-key';

/**
 * Demo mode: no provider key is configured, so this worker answers from its own in-process simulator, through the
 * very same SDK adapters as production. Each worker process runs its own, so scaling workers needs nothing extra.
 */
export async function startDemoProviders(
  config: QuorumConfig,
  logger: Logger,
): Promise<{ providers: Record<ProviderId, ProviderSettings>; simulator: RunningProviderSimulator }> {
  const simulator = await startProviderSimulator({
    host: '127.0.0.1',
    port: 0,
    defaultChunkDelayMs: config.simulatorChunkDelayMs,
    // A demo should look like live models: a question asked again reads a little differently, and a question naming
    // the visitor's brand gets an answer that discusses it.
    variedAnswers: true,
  });
  logger.warn(
    { simulator: simulator.url },
    'DEMO MODE: no provider API key is configured; answers come from the built-in simulator, not real AI models',
  );
  const providers = Object.fromEntries(
    Object.entries(simulatorBaseUrls(simulator.url)).map(([id, baseUrl]) => [id, { apiKey: DEMO_API_KEY, baseUrl }]),
  ) as Record<ProviderId, ProviderSettings>;
  return { providers, simulator };
}
