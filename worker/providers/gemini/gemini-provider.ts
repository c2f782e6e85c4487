import { GoogleGenAI, type GenerateContentResponse } from '@google/genai';
import type { AnswerPart, AnswerProvider, AnswerRequest, FinishReason, ProviderConnection } from '../answer-provider.ts';
import { CitedSources } from '../cited-sources.ts';
import { geminiConversation } from '../conversation-messages.ts';
import { providerError } from '../provider-error-classification.ts';
import { blockedAnswerError, blockedPromptError, classifyGeminiError } from './gemini-errors.ts';
import { geminiFinishReason } from './gemini-finish-reasons.ts';
import { isGroundingRedirect, searchTrailFromGrounding, sourcesFromGrounding } from './gemini-sources.ts';

/**
 * Gemini through the official `@google/genai` SDK: `models.generateContentStream`, grounded in Google Search when
 * the request asks for web search.
 */
export class GeminiProvider implements AnswerProvider {
  readonly engine: string;
  private readonly client: GoogleGenAI;
  private readonly headersTimeoutMs: number;
  private readonly baseUrl: string;

  constructor(connection: ProviderConnection) {
    this.engine = connection.engine;
    this.baseUrl = connection.baseUrl;
    this.headersTimeoutMs = connection.requestTimeoutMs;
    this.client = new GoogleGenAI({
      apiKey: connection.apiKey,
      // Explicit, so a GOOGLE_GENAI_USE_VERTEXAI in the environment cannot send our key to Vertex AI instead.
      vertexai: false,
      httpOptions: {
        baseUrl: connection.baseUrl,
        // Google documents Search grounding on v1beta; pinning it keeps web search working whatever the SDK defaults to.
        apiVersion: 'v1beta',
        // The SDK makes one call unless given retryOptions; `attempts: 1` says so outright in case a later version
        // starts retrying by default. Retries are the answer job's business (one policy for every provider).
        retryOptions: { attempts: 1 },
        // No `timeout` here on purpose: the SDK's timeout keeps running while the body streams, so a long answer
        // would be cut off. `requestTimeoutMs` bounds the wait for headers only; see `streamAnswer`.
      },
    });
  }

  async *streamAnswer(request: AnswerRequest): AsyncIterable<AnswerPart> {
    // One controller to enforce the headers deadline and to stop the HTTP call when we stop reading early.
    const local = new AbortController();
    let headersTimedOut = false;
    const headersDeadline = setTimeout(() => {
      headersTimedOut = true;
      local.abort();
    }, this.headersTimeoutMs);
    const reader = new GeminiStreamReader((url) => isGroundingRedirect(url, this.baseUrl));
    const conversation = geminiConversation(request);
    try {
      const stream = await this.client.models.generateContentStream({
        model: request.model,
        contents: conversation.contents,
        config: {
          ...(conversation.systemInstruction ? { systemInstruction: conversation.systemInstruction } : {}),
          ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
          abortSignal: AbortSignal.any([request.signal, local.signal]),
          ...(request.webSearch ? { tools: [{ googleSearch: {} }] } : {}),
          // Continuation re-sends the request on its own when an answer pauses for a continuation token.
          automaticContinuation: false,
        },
      });
      clearTimeout(headersDeadline);
      for await (const chunk of stream) yield* reader.read(chunk);
    } catch (error) {
      throw classifyGeminiError(error, { headersTimedOut });
    } finally {
      clearTimeout(headersDeadline);
      local.abort();
    }
    yield* reader.finish();
  }
}

/**
 * Turns the SDK's stream of `GenerateContentResponse` chunks into answer parts: text as it comes, new sources as
 * grounding metadata names them, and usage plus the finish reason once the stream has ended properly. Separate
 * from the HTTP call so the mapping is tested on its own.
 */
export class GeminiStreamReader {
  /** Undefined until a candidate says it finished (which may normalise to null: a reason nobody mapped). */
  private finishReason: FinishReason | null | undefined;
  private usage: GeminiUsage | undefined;
  private readonly cited = new CitedSources();
  private versionReported = false;

  /** `isRedirect`: which grounding links are Google's redirects, to be followed before the answer is stored. */
  constructor(private readonly isRedirect: (url: string) => boolean = (url) => isGroundingRedirect(url)) {}

  *read(chunk: GenerateContentResponse): Generator<AnswerPart> {
    const blockReason = chunk.promptFeedback?.blockReason;
    if (blockReason) throw blockedPromptError(blockReason);

    // Every chunk names the model version that answers; the first one is enough.
    if (!this.versionReported && chunk.modelVersion) {
      this.versionReported = true;
      yield { type: 'model-version', version: chunk.modelVersion };
    }

    const candidate = chunk.candidates?.[0];
    // Thought summaries only arrive when asked for, but they are never part of the answer.
    const text = (candidate?.content?.parts ?? [])
      .filter((part) => !part.thought)
      .map((part) => part.text ?? '')
      .join('');
    if (text !== '') yield { type: 'text', text };

    const sources = this.cited.add(sourcesFromGrounding(candidate?.groundingMetadata?.groundingChunks));
    if (sources.length > 0) yield { type: 'sources', sources };
    const trail = searchTrailFromGrounding(candidate?.groundingMetadata, this.isRedirect);
    if (trail) yield trail;

    // Every chunk carries the running usage; the last one is the total.
    if (chunk.usageMetadata) this.usage = usageFrom(chunk.usageMetadata);

    if (candidate?.finishReason) {
      const blocked = blockedAnswerError(candidate.finishReason);
      if (blocked) throw blocked;
      this.finishReason = geminiFinishReason(candidate.finishReason);
    }
  }

  /** Called once the SDK's stream is done. Gemini has no end marker: a candidate's `finishReason` is the sign. */
  *finish(): Generator<AnswerPart> {
    if (this.finishReason === undefined) throw providerError('STREAM_INTERRUPTED');
    if (this.usage) yield { type: 'usage', ...this.usage };
    yield { type: 'finish', reason: this.finishReason };
  }
}

type GeminiUsage = Omit<Extract<AnswerPart, { type: 'usage' }>, 'type'>;

/**
 * Thinking tokens are billed as output and arrive in their own count, so they are added to the answer's; that also
 * matches what OpenAI's `completion_tokens` (reasoning included) means. `promptTokenCount` already includes the
 * cached part. Google's JSON leaves out a count that is zero, so a missing cache or thinking count is 0; whether the
 * model reports them at all is the catalogue's to say.
 */
export function usageFrom(usage: NonNullable<GenerateContentResponse['usageMetadata']>): GeminiUsage {
  return {
    inputTokens: usage.promptTokenCount ?? 0,
    outputTokens: (usage.candidatesTokenCount ?? 0) + (usage.thoughtsTokenCount ?? 0),
    cachedTokens: usage.cachedContentTokenCount ?? 0,
    reasoningTokens: usage.thoughtsTokenCount ?? 0,
  };
}
