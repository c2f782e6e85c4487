import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { claimRun, completeRun, failRunWithSettlement } from '../../core/runs/run-lifecycle.ts';
import { insertAdmission } from '../../core/credits/admission-statement.ts';

/**
 * Money moving the way answers move it, through the production statements, for tests about the ledger: a one-model
 * question admitted (its hold placed) and claimed by a worker, then charged by its answer or released by a failure.
 */

/** Admits a one-model question costing `credits` for a signed-in payer and claims its run; undefined when refused. */
export async function admitClaimedRun(em: EntityManager, userId: string, credits: number): Promise<string | undefined> {
  const runId = randomUUID();
  const outcome = await insertAdmission(
    em,
    { userId },
    {
      requestId: randomUUID(),
      query: 'A question about money',
      kind: 'single',
      streamed: false,
      engine: 'openai',
      model: 'gpt-4o-mini',
      searchEnabled: false,
      aiOverviewParams: null,
      brandMonitoringEnabled: false,
      brandConfig: null,
      userId,
      guestKey: null,
      guestSessionId: null,
      apiKeyId: null,
      conversation: null,
      followUpOf: null,
      retryOf: null,
      continueMode: 'independent',
      carryFrom: null,
      versionOf: null,
    },
    [{ runId, engine: 'openai', model: 'gpt-4o-mini', credits, conversation: null, settings: null }],
    new Date(Date.now() + 60_000),
  );
  if (outcome.status !== 'admitted') return undefined;
  await claimRun(em, runId);
  return runId;
}

/** The run's answer is stored: its hold becomes a charge. Does nothing to a run already ended (or deleted). */
export async function chargeRun(em: EntityManager, runId: string): Promise<void> {
  await completeRun(em, runId, { text: 'An answer', sources: [], finishReason: 'stop', inputTokens: 1, outputTokens: 1, firstTokenAt: new Date(), brand: null });
}

/** The run failed: its hold is released. Does nothing to a run already ended (or deleted). */
export async function releaseRun(em: EntityManager, runId: string): Promise<void> {
  await failRunWithSettlement(em, runId, { code: 'PROVIDER_ERROR', message: 'The model failed' });
}
