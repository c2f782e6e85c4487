import * as Type from 'typebox/type';
import { LONG_CONVERSATION } from './long-conversation.ts';

/**
 * `GET /api/requests/:id/follow-up-size`: how long the conversation a follow-up of this request would send each of
 * its models already is, so the page can price a follow-up as it is typed. A follow-up sends a model its system
 * prompt, these earlier turns and the new question; add the question's characters (`characterCount`) and price the
 * sum with `conversationSize` (contract/long-conversation.ts), exactly as admission will.
 */
export const FollowUpSizeQuery = Type.Object(
  {
    carryFrom: Type.Optional(
      Type.String({ maxLength: 300, description: 'Price a `carry` follow-up: `engine/model` of the answer every model would be given.' }),
    ),
  },
  { additionalProperties: false },
);

export const FollowUpModelSize = Type.Object({
  engine: Type.String(),
  model: Type.String(),
  name: Type.String({ description: 'The model as people know it, for messages.' }),
  conversationCharacters: Type.Integer({ minimum: 0, description: 'The earlier questions and answers the model would be given, in characters (code points).' }),
  systemPromptCharacters: Type.Integer({
    minimum: 0,
    description: 'Its system prompt as last asked (kept by a follow-up that leaves `settings` out), in characters.',
  }),
  contextTokens: Type.Integer({ minimum: 1, description: 'The longest conversation the model is asked, in estimated tokens.' }),
});

export const FollowUpSize = Type.Object({
  requestId: Type.String(),
  models: Type.Array(FollowUpModelSize),
  policy: Type.Object(
    {
      charactersPerToken: Type.Literal(LONG_CONVERSATION.charactersPerToken),
      includedTokens: Type.Literal(LONG_CONVERSATION.includedTokens),
      blockTokens: Type.Literal(LONG_CONVERSATION.blockTokens),
      creditsPerBlock: Type.Literal(LONG_CONVERSATION.creditsPerBlock),
    },
    { description: 'The long-conversation pricing these sizes are priced with (see the pricing page).' },
  ),
});

export type FollowUpModelSize = Type.Static<typeof FollowUpModelSize>;
export type FollowUpSize = Type.Static<typeof FollowUpSize>;
