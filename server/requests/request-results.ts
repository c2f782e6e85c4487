import type { EntityManager } from '@mikro-orm/postgresql';
import { ModelRun } from '../../core/database/entities/model-run.ts';

/** One model's outcome as the spec's comparison result (section 3), plus the per-answer facts users ask for. */
export interface RunResult {
  runId: string;
  engine: string;
  model: string;
  success: boolean;
  response: string | null;
  error: string | null;
  errorCode: string | null;
  creditsUsed: number;
  sources: { url: string; title: string | null }[];
  timeToFirstTokenMs: number | null;
  durationMs: number | null;
  inputTokens: number | null;
  outputTokens: number | null;
}

export function runResult(run: ModelRun): RunResult {
  const startedAt = run.startedAt?.getTime();
  return {
    runId: run.id,
    engine: run.engine,
    model: run.model,
    success: run.status === 'completed',
    response: run.answerText ?? null,
    error: run.status === 'error' ? (run.errorMessage ?? 'Model request failed') : null,
    errorCode: run.errorCode ?? null,
    creditsUsed: run.creditsCharged,
    sources: run.sources ?? [],
    timeToFirstTokenMs: startedAt !== undefined && run.firstTokenAt ? run.firstTokenAt.getTime() - startedAt : null,
    durationMs: startedAt !== undefined && run.completedAt ? run.completedAt.getTime() - startedAt : null,
    inputTokens: run.inputTokens ?? null,
    outputTokens: run.outputTokens ?? null,
  };
}

/** The results of a request's runs, in the order they were asked. */
export async function requestResults(em: EntityManager, requestId: string): Promise<RunResult[]> {
  const runs = await em.find(ModelRun, { request: requestId }, { orderBy: { position: 'asc' } });
  return runs.map(runResult);
}
