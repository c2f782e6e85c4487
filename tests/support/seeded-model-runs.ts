import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';

/** A run written straight into `model_runs`, with timings known to the test. */
export interface SeededRun {
  engine: string;
  model: string;
  status: 'completed' | 'error' | 'running';
  errorCode?: string;
  /** How long ago the run ended (for a running one: began). */
  endedAgoMs: number;
  /** From the question's acceptance to the first token (default 300 ms). */
  ttftMs?: number;
  /** From the first token to the end (default 500 ms). */
  streamingMs?: number;
  outputTokens?: number;
  reasoningTokens?: number;
}

/** Writes the runs (under one request of their own) in one statement: figures that do not need a worker to exist. */
export async function seedModelRuns(records: EntityManager, runs: readonly SeededRun[]): Promise<void> {
  const requestId = randomUUID();
  await records.execute(`insert into search_requests (id, query, engine, model) values (?, 'Seeded', 'openai', 'gpt-4o-mini')`, [requestId]);
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const rows = runs.map((run) => {
    const completedAt = now - run.endedAgoMs;
    const firstTokenAt = completedAt - (run.streamingMs ?? 500);
    const createdAt = firstTokenAt - (run.ttftMs ?? 300);
    return {
      id: randomUUID(),
      request_id: requestId,
      engine: run.engine,
      model: run.model,
      status: run.status,
      error_code: run.errorCode ?? (run.status === 'error' ? 'PROVIDER_ERROR' : null),
      answer_text: run.status === 'completed' ? 'An answer' : null,
      created_at: iso(createdAt),
      first_token_at: run.status === 'completed' ? iso(firstTokenAt) : null,
      completed_at: run.status === 'running' ? null : iso(completedAt),
      output_tokens: run.status === 'completed' ? (run.outputTokens ?? 100) : null,
      reasoning_tokens: run.reasoningTokens ?? null,
    };
  });
  await records.execute(
    `insert into model_runs (id, request_id, engine, model, status, error_code, answer_text, created_at, first_token_at, completed_at, output_tokens, reasoning_tokens)
     select * from jsonb_to_recordset(?::jsonb) as seeded(id uuid, request_id uuid, engine varchar, model varchar, status varchar, error_code varchar,
       answer_text text, created_at timestamptz, first_token_at timestamptz, completed_at timestamptz, output_tokens integer, reasoning_tokens integer)`,
    [JSON.stringify(rows)],
  );
}
