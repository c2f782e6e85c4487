/** What the simulator remembers about each provider request, so tests can assert on what reached it. */
export interface SimulatedRequest {
  /** The URL path without the query string, e.g. `/openai/v1/chat/completions`. */
  path: string;
  /** The requested model, or '' when the body had none. */
  model: string;
  stream: boolean;
  /** Whether a non-empty key was sent, wherever the vendor takes it (`Authorization: Bearer …`, `x-api-key`, `?key=`, `api_key`). */
  hasAuthorization: boolean;
  /** The last user message as sent, directives included. */
  lastUserMessage: string;
  /** Chat-style bodies (OpenAI chat completions): the text of each message before the last user message, oldest first. */
  earlierMessages?: string[];
  /**
   * The instructions the request put ahead of the conversation, wherever its vendor takes them (a `system` or
   * `developer` message, Anthropic's `system`, the Responses API's `instructions`, Gemini's `systemInstruction`).
   */
  systemPrompt?: string;
  /** The sampling temperature the request asked for (Gemini's `generationConfig.temperature`); absent when none. */
  temperature?: number;
  /** `Date.now()` when the request arrived. */
  receivedAt: number;
}
