import * as Type from 'typebox/type';

/**
 * The turns before a question, when it continues a conversation (the OpenAI-compatible endpoint): stored with the
 * request and handed by the worker to the model ahead of the question. A question from the web app has none.
 */
export const ConversationTurn = Type.Object({
  role: Type.Union([Type.Literal('system'), Type.Literal('user'), Type.Literal('assistant')]),
  content: Type.String(),
});

export type ConversationTurn = Type.Static<typeof ConversationTurn>;
