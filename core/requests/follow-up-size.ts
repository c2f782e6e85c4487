import type { EntityManager } from '@mikro-orm/postgresql';
import { CONTINUATION_TEXTS } from '../../contract/continuation.ts';
import type { FollowUpSize } from '../../contract/follow-up-size.ts';
import { LONG_CONVERSATION } from '../../contract/long-conversation.ts';
import { characterCount } from '../../contract/text-length.ts';
import { contextTokensOf, type ModelCatalogue } from '../catalogue/index.ts';
import type { Requester } from '../credits/index.ts';
import { AppError } from '../errors/index.ts';
import { settingsAskedWith } from './column-settings-admission.ts';
import { modelNameText, parseModelName, type ModelName } from './continuation.ts';
import { earlierCharacters, readsConversation } from './conversation-size.ts';
import { conversationKey, followUpConversations, type NamedModel } from './follow-up-thread.ts';

/**
 * What a follow-up of a request would send each of its models before the new question, measured by the same code
 * admission prices it with (`followUpConversations`, the settings last asked with, `earlierCharacters`), so the price
 * the page shows while the follow-up is typed is the price admission holds. Refuses as admission would: a request of
 * someone else's, an unfinished one, a thread at its last question, a carried answer that is not one.
 */
export async function followUpSize(
  em: EntityManager,
  catalogue: ModelCatalogue,
  requester: Pick<Requester, 'userId' | 'anonymousSessionId'>,
  requestId: string,
  carryFrom: string | undefined,
): Promise<FollowUpSize> {
  const carry = carryFrom === undefined ? null : parseModelName(carryFrom);
  if (carryFrom !== undefined && !carry) throw new AppError('VALIDATION_ERROR', CONTINUATION_TEXTS.carryNeedsSource);
  const named = (name: ModelName): NamedModel => ({ ...name, name: catalogue.modelOf(name.engine, name.model)?.name ?? modelNameText(name) });
  const models = (await askedModels(em, requestId)).map(named);
  const conversations = await followUpConversations(em, requester, requestId, models, carry && named(carry));
  const settings = await settingsAskedWith(em, requestId);
  return {
    requestId,
    models: models.map(({ engine, model, name }) => {
      const key = conversationKey(engine, model);
      const catalogued = catalogue.modelOf(engine, model);
      const reads = readsConversation(catalogue.findEngine(engine));
      return {
        engine,
        model,
        name,
        conversationCharacters: reads ? earlierCharacters(undefined, conversations.get(key)) : 0,
        systemPromptCharacters: reads ? characterCount(settings.get(key)?.systemPrompt ?? '') : 0,
        contextTokens: catalogued ? contextTokensOf(catalogued) : LONG_CONVERSATION.defaultContextTokens,
      };
    }),
    policy: {
      charactersPerToken: LONG_CONVERSATION.charactersPerToken,
      includedTokens: LONG_CONVERSATION.includedTokens,
      blockTokens: LONG_CONVERSATION.blockTokens,
      creditsPerBlock: LONG_CONVERSATION.creditsPerBlock,
    },
  };
}

/** The models a request asked, in their columns' order (a model asked again on its own is the same column). */
async function askedModels(em: EntityManager, requestId: string): Promise<ModelName[]> {
  return em.execute<ModelName[]>(
    `select engine, model from model_runs where request_id = ? group by engine, model order by min(position)`,
    [requestId],
  );
}
