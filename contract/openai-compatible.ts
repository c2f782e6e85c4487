import * as Type from 'typebox/type';
import { fieldMessages } from './field-messages.ts';

/**
 * `/v1`: the part of OpenAI's API that Quorum speaks, so any OpenAI client can ask any catalogued model with a
 * Quorum API key. Field names are OpenAI's (snake_case), and so is the error shape; a model is named
 * `engine/model` (`anthropic/claude-3-haiku-20240307`). `temperature` reaches every model that takes one; other
 * fields OpenAI defines that Quorum does not act on (max_tokens, top_p, ...) are accepted and ignored, so existing
 * code runs unchanged.
 */

const MessageContentPart = Type.Object(
  { type: Type.String(), text: Type.Optional(Type.String()) },
  { additionalProperties: true, description: 'Only `text` parts are read.' },
);

export const ChatMessage = Type.Object(
  {
    role: Type.Union([Type.Literal('system'), Type.Literal('developer'), Type.Literal('user'), Type.Literal('assistant')]),
    content: Type.Union([Type.String(), Type.Array(MessageContentPart), Type.Null()]),
    name: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);

export const ChatCompletionBody = Type.Object(
  {
    model: Type.String({ minLength: 1, maxLength: 200, description: '`engine/model`, as `GET /v1/models` lists them.' }),
    messages: Type.Array(ChatMessage, { minItems: 1, description: 'The conversation; the last `user` message is the question.' }),
    stream: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
    // Null is OpenAI's "no temperature": the model's own default.
    temperature: Type.Optional(
      Type.Union([Type.Null(), Type.Number()], {
        description:
          "Passed to the model when it takes a temperature; refused outside the model's own range (`capabilities.temperature` in `GET /api/models`, e.g. 0–1 for Anthropic's models). Ignored by models that take none (reasoning models), so a client's default does not break them.",
        ...fieldMessages({ invalid: 'The temperature must be a number' }),
      }),
    ),
    stream_options: Type.Optional(
      Type.Union([Type.Object({ include_usage: Type.Optional(Type.Boolean()) }, { additionalProperties: true }), Type.Null()]),
    ),
  },
  {
    additionalProperties: true,
    examples: [{ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'What is a vector database?' }] }],
  },
);

export const CompletionUsage = Type.Object({
  prompt_tokens: Type.Integer({ minimum: 0 }),
  completion_tokens: Type.Integer({ minimum: 0 }),
  total_tokens: Type.Integer({ minimum: 0 }),
});

/** Quorum's own facts about the call, beside OpenAI's fields: which request it was and what it cost. */
export const QuorumFacts = Type.Object({
  request_id: Type.String(),
  credits_used: Type.Integer({ minimum: 0 }),
});

const FinishReasonField = Type.Union([
  Type.Literal('stop'),
  Type.Literal('length'),
  Type.Literal('content_filter'),
  Type.Literal('tool_calls'),
  Type.Null(),
]);

export const ChatCompletion = Type.Object({
  id: Type.String(),
  object: Type.Literal('chat.completion'),
  created: Type.Integer(),
  model: Type.String(),
  choices: Type.Array(
    Type.Object({
      index: Type.Integer(),
      message: Type.Object({ role: Type.Literal('assistant'), content: Type.String(), refusal: Type.Null() }),
      finish_reason: FinishReasonField,
      logprobs: Type.Null(),
    }),
  ),
  usage: CompletionUsage,
  quorum: QuorumFacts,
});

export const ChatCompletionChunk = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('chat.completion.chunk'),
    created: Type.Integer(),
    model: Type.String(),
    choices: Type.Array(
      Type.Object({
        index: Type.Integer(),
        delta: Type.Object({ role: Type.Optional(Type.Literal('assistant')), content: Type.Optional(Type.String()) }),
        finish_reason: FinishReasonField,
        logprobs: Type.Null(),
      }),
    ),
    usage: Type.Optional(Type.Union([CompletionUsage, Type.Null()])),
    quorum: Type.Optional(QuorumFacts),
  },
  { description: 'Sent as `data: <JSON>` lines, ending with `data: [DONE]`. With `stream_options.include_usage`, the last chunk has no choices and carries `usage`.' },
);

export const OpenAiModel = Type.Object({
  id: Type.String({ description: '`engine/model`' }),
  object: Type.Literal('model'),
  created: Type.Integer(),
  owned_by: Type.String({ description: 'The engine.' }),
  name: Type.String(),
  credits: Type.Integer({ minimum: 0, description: 'What one answer costs, in credits, within the tokens of conversation the price includes.' }),
  context_window: Type.Integer({ minimum: 1, description: 'The longest conversation the model is asked, in estimated input tokens; longer ones are refused.' }),
});

export const OpenAiModelList = Type.Object({ object: Type.Literal('list'), data: Type.Array(OpenAiModel) });

/** OpenAI's error shape, which its SDKs read: every `/v1` refusal uses it. */
export const OpenAiErrorBody = Type.Object({
  error: Type.Object({
    message: Type.String(),
    type: Type.String(),
    param: Type.Union([Type.String(), Type.Null()]),
    code: Type.Union([Type.String(), Type.Null()]),
  }),
});

export type ChatMessage = Type.Static<typeof ChatMessage>;
export type ChatCompletionBody = Type.Static<typeof ChatCompletionBody>;
export type ChatCompletion = Type.Static<typeof ChatCompletion>;
export type ChatCompletionChunk = Type.Static<typeof ChatCompletionChunk>;
export type CompletionUsage = Type.Static<typeof CompletionUsage>;
export type OpenAiModelList = Type.Static<typeof OpenAiModelList>;
export type OpenAiErrorBody = Type.Static<typeof OpenAiErrorBody>;
