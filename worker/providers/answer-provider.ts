import type { RunFailureCode } from '../../core/runs/run-failures.ts';

/**
 * The small contract every provider folder implements: a question in, a stream of parts out, an AbortSignal to
 * stop it, and errors that say whether trying again could help.
 */
export interface AnswerRequest {
  model: string;
  prompt: string;
  webSearch: boolean;
  signal: AbortSignal;
}

export type AnswerPart =
  | { type: 'text'; text: string }
  | { type: 'usage'; inputTokens: number; outputTokens: number }
  | { type: 'finish'; reason: string | null };

export interface AnswerProvider {
  /** The engine id users pick (`openai`, `deepseek`, ...). */
  readonly engine: string;
  streamAnswer(request: AnswerRequest): AsyncIterable<AnswerPart>;
}

export class ProviderError extends Error {
  constructor(
    readonly code: RunFailureCode,
    message: string,
    readonly retryable: boolean,
    options?: { cause?: unknown; status?: number },
  ) {
    super(message, options);
    this.name = 'ProviderError';
    this.status = options?.status;
  }

  readonly status: number | undefined;
}
