import { CHAT_COMPLETION_BODY_LIMIT_BYTES } from '../../limits/body-limits.ts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ChatCompletion, ChatCompletionBody, ChatCompletionChunk, OpenAiModelList } from '../../../contract/openai-compatible.ts';
import { apiKeyCaller } from '../../callers/api-key-caller.ts';
import { chatConversation } from '../../openai-compatible/chat-conversation.ts';
import { openAiColumnSettings } from '../../openai-compatible/column-settings.ts';
import { chatCompletion, completionIdentity } from '../../openai-compatible/chat-completion-shapes.ts';
import { resolveOpenAiModel, openAiModelList } from '../../openai-compatible/model-ids.ts';
import { modelFailureStatus } from '../../openai-compatible/model-failure-status.ts';
import { installOpenAiErrorHandler, OpenAiError, openAiErrorResponses } from '../../openai-compatible/openai-error-format.ts';
import { relayChatCompletion } from '../../openai-compatible/relay-chat-completion.ts';
import { awaitRequest } from '../../requests/await-request.ts';
import { admitRequest } from '../../../core/requests/index.ts';
import { LONG_CONVERSATION } from '../../../contract/long-conversation.ts';
import compareApiRoutes from '../compare-api/index.ts';

const tags = ['OpenAI-compatible'];
const security = [{ apiKey: [] }];

/**
 * `/v1`: OpenAI's chat completions and model list, for any OpenAI client with a Quorum API key. A call is a web
 * question in every way that matters: the same admission (tier rules, prices, the credit hold), the same queue,
 * worker and settlement (a failed answer is free), and it lands in the key owner's history.
 */
const openAiCompatibleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  installOpenAiErrorHandler(app);
  const services = { orm: app.orm, redis: app.redis, keyPrefix: app.config.redis.keyPrefix, appSecret: app.config.appSecret };

  app.get(
    '/models',
    {
      schema: {
        summary: 'The models you can ask, as engine/model',
        tags,
        security,
        response: { 200: OpenAiModelList, ...openAiErrorResponses([401, 429]) },
      },
    },
    async (request) => {
      await apiKeyCaller(services, request);
      return openAiModelList(app.requestServices);
    },
  );

  app.post(
    '/chat/completions',
    {
      bodyLimit: CHAT_COMPLETION_BODY_LIMIT_BYTES,
      schema: {
        summary: 'Ask one model, OpenAI style (streamed or whole)',
        description:
          'Charged exactly like a question asked in the app: the price is held when the call is admitted and charged only if ' +
          'the answer succeeds. The last user message is the question; earlier messages are passed to the model. A price ' +
          `includes ${LONG_CONVERSATION.includedTokens.toLocaleString('en-US')} tokens of conversation (estimated as one per ${LONG_CONVERSATION.charactersPerToken} characters over every message); ` +
          `each started ${LONG_CONVERSATION.blockTokens.toLocaleString('en-US')} more add ${LONG_CONVERSATION.creditsPerBlock} credit, and messages longer than the model's ` +
          '`context_window` are refused with `context_length_exceeded`. With `stream_options.include_usage`, the last chunk carries `usage`; ' +
          '`quorum.credits_used` is what the answer cost.',
        tags,
        security,
        body: ChatCompletionBody,
        response: {
          200: {
            description: 'The answer: a `chat.completion`, or with `stream: true` a stream of `chat.completion.chunk`s.',
            content: { 'application/json': { schema: ChatCompletion }, 'text/event-stream': { schema: ChatCompletionChunk } },
          },
          ...openAiErrorResponses([400, 401, 402, 403, 404, 429, 502, 504]),
        },
      },
    },
    async (request, reply) => {
      const caller = await apiKeyCaller(services, request);
      const { engine, model, id } = resolveOpenAiModel(app.requestServices, request.body.model);
      const { query, conversation } = chatConversation(request.body.messages);
      const streamed = request.body.stream === true;
      const admitted = await admitRequest(
        app.requestServices,
        {
          query,
          conversation,
          selections: [{ engine: engine.id, model: model.id, settings: openAiColumnSettings(model, request.body.temperature) }],
          kind: 'single',
          streamed,
          searchEnabled: false,
          brandMonitoringEnabled: false,
        },
        caller.requester,
      );
      request.log.info({ searchRequestId: admitted.requestId, credits: admitted.totalCredits, apiKeyId: caller.keyId }, 'chat completion admitted');
      const identity = completionIdentity(admitted.requestId, id);
      if (streamed) {
        const includeUsage = request.body.stream_options?.include_usage === true;
        return relayChatCompletion(app.requestServices, request, reply, { requestId: admitted.requestId, runs: admitted.runs, identity, includeUsage });
      }
      const [result] = await awaitRequest(app.requestServices, request, admitted.requestId, admitted.runs);
      if (!result?.success || result.response === null) {
        const code = result?.errorCode ?? 'PROVIDER_ERROR';
        throw new OpenAiError(modelFailureStatus(code), result?.error ?? 'The model failed to answer.', code.toLowerCase());
      }
      return chatCompletion(identity, { ...result, response: result.response });
    },
  );

  // `/v1/compare`: Quorum's own comparison API, inside this scope so its refusals are written the same way.
  await app.register(compareApiRoutes);
};

export default openAiCompatibleRoutes;
