import type { StoredColumnSettings } from '../../contract/column-settings.ts';

/**
 * The answer queue's job (its name is in `job-registry.ts`, its queue options in `queue-catalogue.ts`). A job is one model answering one question. Postgres is the record of
 * truth: the worker claims the run there before anything it does counts. The job also carries a copy of what the
 * provider is asked, so the worker can call the provider while it claims the run instead of after (the answer is
 * only streamed and stored once the claim succeeds). No keys, ever.
 */
export interface AnswerJobData {
  requestId: string;
  runId: string;
  /** The id of the HTTP request that asked (the server's `reqId`), so the worker's log lines carry it too. */
  reqId?: string;
  /**
   * What the provider is asked, as admitted. Absent for questions that continue a conversation (their earlier turns
   * stay in Postgres, read with the claim) and in jobs queued before this field existed: the worker then calls the
   * provider after claiming the run.
   */
  question?: AnswerJobQuestion;
}

export interface AnswerJobQuestion {
  engine: string;
  model: string;
  query: string;
  searchEnabled: boolean;
  aiOverviewParams: { gl: string; hl: string } | null;
  /** The model's own settings (system prompt, temperature); absent when it is asked without any. */
  settings?: StoredColumnSettings | null;
  /** How many files the question carries (the worker reads them from Postgres, never from the job); absent: none. */
  attachments?: number;
}
