import type { FinishReason, RunFailureCode } from '../../core/runs/index.ts';
import type { ConversationTurn } from '../../contract/conversation.ts';
import type { PromptAttachment } from '../../core/attachments/index.ts';

export type { FinishReason } from '../../core/runs/index.ts';

/**
 * The small contract every provider folder implements: a question in, a stream of parts out, an AbortSignal to
 * stop it, and errors that say whether trying again could help. Adapters never retry on their own (their SDKs are
 * built with `maxRetries: 0`): the answer job applies one retry policy to every provider (`retry-policy.ts`).
 */
export interface AnswerRequest {
  model: string;
  prompt: string;
  /**
   * Turns before the prompt when it continues a conversation (OpenAI-compatible calls); absent or empty for a lone
   * question. Adapters of chat models send them ahead of the prompt; the AI Overview engine searches the prompt only.
   */
  history?: ConversationTurn[];
  /**
   * Files attached to the question (read from Postgres by the answer job): images go in the vendor's image parts of
   * the last user turn, documents as delimited text ahead of the prompt (`attachment-parts.ts`).
   */
  attachments?: PromptAttachment[];
  /** Ground the answer in a web search (only asked of models whose catalogue entry supports it). */
  webSearch: boolean;
  /** Country and language for the AI Overview engine (SerpApi `gl` / `hl`). */
  aiOverview?: { country: string; language: string };
  /**
   * The column's own instructions, ahead of the conversation (a system message, `instructions`, `system`,
   * `systemInstruction`). Admission only lets through what the model's catalogue entry says it accepts.
   */
  systemPrompt?: string;
  /** The column's sampling temperature, within the model's catalogued range; absent means the provider's default. */
  temperature?: number;
  signal: AbortSignal;
}

/** A web page the answer cites or was grounded on. */
export interface AnswerSource {
  url: string;
  title: string | null;
}

/**
 * A page the model's web search handed it (`retrieved`) or that its text cites (`cited`); a cited page counts as
 * retrieved, since a model can only cite what its search gave it. `redirect`: the URL is the provider's redirect
 * link (Gemini's grounding links), to be followed to the real page before the answer is stored; `label` is what the
 * provider says the site is (Gemini's title is the site's domain), kept when the redirect cannot be followed.
 */
export interface SearchedSource {
  url: string;
  title: string | null;
  retrieved: boolean;
  cited: boolean;
  redirect?: boolean;
  label?: string | null;
}

export type AnswerPart =
  | { type: 'text'; text: string }
  | { type: 'sources'; sources: AnswerSource[] }
  /**
   * What the model searched: the queries it ran and the pages it retrieved and cited. May come more than once
   * (a stream names them as it goes); the answer job merges them into the answer's one search trail.
   */
  | { type: 'search-trail'; queries: string[]; sources: SearchedSource[] }
  /**
   * The provider's final count. `inputTokens` is every token the model read (cached ones included) and `outputTokens`
   * every token it produced (reasoning included); `cachedTokens` and `reasoningTokens` are those parts, null when the
   * provider's usage does not carry them.
   */
  | { type: 'usage'; inputTokens: number; outputTokens: number; cachedTokens: number | null; reasoningTokens: number | null }
  /**
   * The model version the provider says answered (OpenAI's and Anthropic's response `model`, Gemini's
   * `modelVersion`, the AI Overview's search metadata), at most once per call; providers move a name to a new
   * snapshot without notice, and tracking marks where that happened.
   */
  | { type: 'model-version'; version: string }
  /** Already normalised by the adapter's `<name>-finish-reasons.ts`: what is stored is never a vendor's word. */
  | { type: 'finish'; reason: FinishReason | null };

export interface AnswerProvider {
  /** The engine id users pick (`openai`, `anthropic`, `ai-overview`, ...). */
  readonly engine: string;
  streamAnswer(request: AnswerRequest): AsyncIterable<AnswerPart>;
}

/** What every adapter's constructor receives. */
export interface ProviderConnection {
  engine: string;
  apiKey: string;
  baseUrl: string;
  /** Longest wait for response headers; the answer job times the stream itself. */
  requestTimeoutMs: number;
}

export class ProviderError extends Error {
  readonly status: number | undefined;
  /** The provider's own hint (Retry-After, retry-after-ms) for when to try again. */
  readonly retryAfterMs: number | undefined;

  constructor(
    readonly code: RunFailureCode,
    message: string,
    readonly retryable: boolean,
    options?: { cause?: unknown; status?: number; retryAfterMs?: number },
  ) {
    super(message, options);
    this.name = 'ProviderError';
    this.status = options?.status;
    this.retryAfterMs = options?.retryAfterMs;
  }
}
