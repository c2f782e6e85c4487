import type { BrandConfig } from '../../contract/ask.ts';
import type { BrandMention } from '../../contract/brand.ts';
import { factCheckPrompt, readFactCheck } from '../../core/brand/index.ts';
import type { NewFactCheck } from '../../core/brand/index.ts';
import { workerMetrics } from '../observability/worker-metrics.ts';
import { ProviderError } from '../providers/answer-provider.ts';
import type { BrandJudge, BrandJudgingDependencies } from './brand-judging.ts';
import { answerWithRetries } from './provider-attempts.ts';

/**
 * Reads an answer that names the brand against the brand's fact sheet, with the operator's judge model: every
 * statement the answer makes about the brand, contradicted, supported or unchecked by the sheet, each with the
 * answer's own words. Asked at the same time as the brand judge and bounded by the same time limit, so the answer's end
 * waits no longer than it already did. Never fails: a provider error, a timeout or a reply that is not the JSON asked
 * for leaves the answer unchecked, with a log line and the `brand_fact_checks_total` metric saying why. The operator's
 * key pays for the call, as for the brand judge; the asker is not charged.
 */
export async function factCheckAnswer(
  dependencies: BrandJudgingDependencies,
  judge: BrandJudge,
  runId: string,
  answer: string,
  config: BrandConfig,
  analysis: BrandMention,
  shutdownSignal: AbortSignal,
): Promise<NewFactCheck | undefined> {
  const facts = (config.facts ?? []).map((fact) => fact.claim.trim()).filter((claim) => claim !== '');
  // Only answers about the brand are checked, and only against a sheet that says something.
  if (facts.length === 0 || !analysis.mentioned) return undefined;
  const { logger } = dependencies;
  const skip = (outcome: string, detail: string): undefined => {
    workerMetrics.factChecked(outcome);
    logger.warn({ runId, judgeModel: judge.model.id, outcome, detail }, 'fact-check not used; the answer is stored unchecked');
    return undefined;
  };
  const provider = dependencies.providers.get(judge.model.engine);
  if (!provider) return skip('unavailable', `no provider for the ${judge.model.engine} engine in this worker`);
  const timeout = AbortSignal.timeout(judge.timeoutMs);
  const signal = AbortSignal.any([timeout, shutdownSignal]);
  let reply = '';
  try {
    const request = { model: judge.model.model, prompt: factCheckPrompt({ brand: config.brandName, facts, answer }), webSearch: false };
    for await (const part of answerWithRetries(provider, request, dependencies.attempts, signal)) {
      if (part.type === 'text') reply += part.text;
    }
  } catch (error) {
    if (timeout.aborted) return skip('timeout', `no fact-check within ${judge.timeoutMs} ms`);
    return skip('provider_error', error instanceof ProviderError ? `${error.code}: ${error.message}` : String(error));
  }
  const reading = readFactCheck(reply, facts, answer);
  if (!reading.ok) return skip(reading.rejection, reading.detail);
  workerMetrics.factChecked('checked');
  for (const statement of reading.statements) workerMetrics.factStatement(statement.verdict);
  if (reading.dropped > 0) {
    workerMetrics.factStatement('dropped', reading.dropped);
    logger.info({ runId, judgeModel: judge.model.id, dropped: reading.dropped }, 'fact-check statements dropped: quote not in the answer or fact not on the sheet');
  }
  return { judgeModel: judge.model.id, statements: reading.statements, droppedStatements: reading.dropped };
}

