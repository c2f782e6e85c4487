import * as Type from 'typebox/type';
import { ColumnSettings } from './column-settings.ts';
import { fieldMessages } from './field-messages.ts';
import { MAX_COMPARED_MODELS, QUERY_MAX_LENGTH } from './limits.ts';
import { AnswerSource, FinishReason } from './run-events.ts';
import { AttachmentIds } from './attachments.ts';

/**
 * `POST /v1/compare`: one question to several models for a program with an API key, answered whole (every model's
 * answer with its figures, once all have ended or the wait runs out) or streamed (one SSE stream whose events name
 * the model). It lives beside OpenAI's chat completions at `/v1`, so its fields are written the same way there
 * (snake_case) and its errors are OpenAI's; a model is named `engine/model`, as `GET /v1/models` lists it.
 */

/** How long a whole answer waits for the slowest model before answering with what is there. */
export const COMPARE_API_WAIT = { defaultSeconds: 120, maxSeconds: 600 } as const;

const ModelName = Type.String({
  minLength: 1,
  maxLength: 200,
  description: '`engine/model`, as `GET /v1/models` lists it (e.g. `openai/gpt-4o-mini`).',
  ...fieldMessages({ required: 'Name each model as engine/model', invalid: 'Name each model as engine/model' }),
});

export const CompareApiModel = Type.Object(
  { model: ModelName, settings: Type.Optional(ColumnSettings) },
  { additionalProperties: false, description: 'One model to ask, with its own settings (system prompt, temperature) if wanted.' },
);

const WaitSeconds = Type.Integer({
  minimum: 1,
  maximum: COMPARE_API_WAIT.maxSeconds,
  description: `A whole answer waits at most this long (default ${COMPARE_API_WAIT.defaultSeconds}, at most ${COMPARE_API_WAIT.maxSeconds}); models still answering then come back as \`answering\` and keep going: \`GET /v1/compare/{id}\` reads them later. Ignored when streaming.`,
  ...fieldMessages({ invalid: `timeout_seconds must be a whole number from 1 to ${COMPARE_API_WAIT.maxSeconds}` }),
});

export const CompareApiBody = Type.Object(
  {
    question: Type.String({
      minLength: 1,
      maxLength: QUERY_MAX_LENGTH,
      pattern: '\\S',
      description: `The question every model is asked, at most ${QUERY_MAX_LENGTH} characters.`,
      ...fieldMessages({ required: 'Please send a question', tooLong: `Your question is too long: the limit is ${QUERY_MAX_LENGTH} characters`, invalid: 'Please send a question' }),
    }),
    models: Type.Optional(
      Type.Array(CompareApiModel, {
        minItems: 1,
        maxItems: MAX_COMPARED_MODELS,
        description: `The models to ask, 1 to ${MAX_COMPARED_MODELS}, each once (or name a saved team with \`team_id\`).`,
        ...fieldMessages({
          required: 'Name the models to compare',
          invalid: 'Name the models to compare',
          tooLong: `You can compare at most ${MAX_COMPARED_MODELS} models at once`,
        }),
      }),
    ),
    team_id: Type.Optional(
      Type.String({
        format: 'uuid',
        description: 'One of your saved teams, in place of `models`: its models are asked with their saved settings.',
        ...fieldMessages({ invalid: 'team_id must be the id of one of your saved teams' }),
      }),
    ),
    attachments: Type.Optional(AttachmentIds),
    stream: Type.Optional(Type.Boolean({ description: 'Stream the answers as server-sent events (`start`, `delta`, `model_done`, `done`).' })),
    timeout_seconds: Type.Optional(WaitSeconds),
  },
  {
    additionalProperties: false,
    examples: [
      {
        question: 'Which laptop is best for students?',
        models: [{ model: 'openai/gpt-4o-mini' }, { model: 'anthropic/claude-3-haiku', settings: { systemPrompt: 'Answer in two sentences.', temperature: 0.2 } }],
      },
    ],
  },
);

/** `POST /v1/compare/{id}/rerun`: the same question to the same models with the same settings, now. */
export const CompareRerunBody = Type.Union([Type.Object({ timeout_seconds: Type.Optional(WaitSeconds) }, { additionalProperties: false }), Type.Null()]);

export const CompareApiParams = Type.Object({ id: Type.String({ format: 'uuid', description: 'The comparison’s `id`.' }) });

const Count = Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]);

export const CompareApiTokens = Type.Object(
  {
    input: Count,
    /** Of `input`, read from the provider's prompt cache. */
    cached: Count,
    /** Of `output`, spent reasoning before writing. */
    reasoning: Count,
    output: Count,
  },
  { description: 'Tokens as the provider counted them; null where a model does not report a figure (or has not finished).' },
);

export const CompareApiError = Type.Object({
  code: Type.String({ description: 'Why, as a code: `provider_error`, `timeout`, `rate_limited`, …' }),
  message: Type.String(),
  retryable: Type.Boolean({ description: 'Whether asking again may succeed.' }),
});

export const CompareApiModelResult = Type.Object(
  {
    model: Type.String({ description: '`engine/model`.' }),
    run_id: Type.String(),
    status: Type.Union([Type.Literal('completed'), Type.Literal('failed'), Type.Literal('answering')], {
      description: '`completed` with an answer, `failed` (nothing charged), or still `answering` (a whole answer whose wait ran out).',
    }),
    answer: Type.Union([Type.String(), Type.Null()], { description: 'The answer as markdown; null unless completed.' }),
    finish_reason: FinishReason,
    sources: Type.Array(AnswerSource),
    time_to_first_token_ms: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description: 'From admission to the first text (the queue included).' }),
    duration_ms: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description: 'From admission to the end of the answer.' }),
    tokens: CompareApiTokens,
    credits: Type.Integer({ minimum: 0, description: 'What this answer was charged: its price when it completed, 0 otherwise.' }),
    error: Type.Union([CompareApiError, Type.Null()]),
  },
  { description: "One model's answer or failure, with its figures." },
);

export const Comparison = Type.Object(
  {
    id: Type.String({ description: 'Read it again with `GET /v1/compare/{id}`; it is also in your history.' }),
    object: Type.Literal('quorum.comparison'),
    created: Type.Integer({ description: 'When it was asked, in Unix seconds.' }),
    question: Type.String(),
    status: Type.Union([Type.Literal('completed'), Type.Literal('answering')], { description: '`answering` while any model still is.' }),
    credits: Type.Integer({ minimum: 0, description: 'What the answers cost together.' }),
    models: Type.Array(CompareApiModelResult, { description: 'In the order they were named.' }),
  },
  { description: 'A comparison: every model’s answer to one question.' },
);

/** A stretch of an answer compared between two runs (`contract/answer-changes.ts`). */
const AnswerChangePart = Type.Object({
  text: Type.String(),
  kind: Type.Union([Type.Literal('same'), Type.Literal('removed'), Type.Literal('added')], { description: 'In both runs, only in the earlier one, or only in the re-run.' }),
});

/** The difference of one figure between the earlier run and the re-run (later − earlier); null unless both have it. */
const FigureChange = Type.Union([Type.Integer(), Type.Null()]);

export const CompareModelChange = Type.Object(
  {
    model: Type.String({ description: '`engine/model`.' }),
    earlier: Type.Union([CompareApiModelResult, Type.Null()]),
    later: Type.Union([CompareApiModelResult, Type.Null()]),
    answer: Type.Union([Type.Literal('same'), Type.Literal('changed'), Type.Literal('new'), Type.Literal('gone'), Type.Literal('none'), Type.Literal('pending')], {
      description:
        '`same` or `changed` when both runs answered; `new` when only the re-run did, `gone` when only the earlier one did, `none` when neither, `pending` while the re-run is still answering.',
    }),
    unchanged_share: Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()], {
      description: 'Words kept over the longer answer’s words, 0 to 1; null unless both runs answered.',
    }),
    parts: Type.Array(AnswerChangePart, { description: 'The answers word by word: what stayed, what went, what came.' }),
    figures: Type.Object(
      {
        time_to_first_token_ms: FigureChange,
        duration_ms: FigureChange,
        output_tokens: FigureChange,
        credits: FigureChange,
      },
      { description: 'How each figure moved (re-run minus earlier run).' },
    ),
  },
  { description: 'What one model says differently now.' },
);

export const ComparisonRerun = Type.Object({
  ...Comparison.properties,
  rerun_of: Type.String({ description: 'The comparison that was asked again.' }),
  changes: Type.Array(CompareModelChange, { description: 'Per model, what changed since the earlier run.' }),
});

/**
 * The events of a streamed comparison, in SSE's `event:` field: `start` (the id and each model with the credits held
 * for it), `delta` (text to append to one model's answer), `model_done` (one model's result, success or failure),
 * `done` (the whole comparison) and `error` (the server cannot go on).
 */
export const CompareApiStartEvent = Type.Object({
  id: Type.String(),
  object: Type.Literal('quorum.comparison'),
  created: Type.Integer(),
  question: Type.String(),
  models: Type.Array(Type.Object({ model: Type.String(), run_id: Type.String(), credits_held: Type.Integer({ minimum: 0 }) })),
});
export const CompareApiDeltaEvent = Type.Object({ model: Type.String(), text: Type.String({ description: "Text to append to this model's answer." }) });

/** The stream as OpenAPI describes it: each event's name and its data. */
export const CompareApiStreamEvent = Type.Union([
  Type.Object({ event: Type.Literal('start'), data: CompareApiStartEvent }),
  Type.Object({ event: Type.Literal('delta'), data: CompareApiDeltaEvent }),
  Type.Object({ event: Type.Literal('model_done'), data: CompareApiModelResult }),
  Type.Object({ event: Type.Literal('done'), data: Comparison }),
  Type.Object({ event: Type.Literal('error'), data: Type.Object({ error: Type.Object({ message: Type.String(), type: Type.String(), code: Type.Union([Type.String(), Type.Null()]) }) }) }),
]);

export type CompareApiBody = Type.Static<typeof CompareApiBody>;
export type CompareRerunBody = Type.Static<typeof CompareRerunBody>;
export type CompareApiModelResult = Type.Static<typeof CompareApiModelResult>;
export type Comparison = Type.Static<typeof Comparison>;
export type CompareModelChange = Type.Static<typeof CompareModelChange>;
export type ComparisonRerun = Type.Static<typeof ComparisonRerun>;
export type CompareApiStartEvent = Type.Static<typeof CompareApiStartEvent>;
export type CompareApiDeltaEvent = Type.Static<typeof CompareApiDeltaEvent>;
