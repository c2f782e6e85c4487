import type { ConversationTurn } from '../../contract/conversation.ts';
import type { AnswerRequest } from './answer-provider.ts';

/**
 * A question and the turns before it, in each vendor's shape. A lone question (no history, no system prompt) becomes
 * exactly the one user message it always was.
 */

type Turn = ConversationTurn;
type AskedTurns = Pick<AnswerRequest, 'prompt' | 'history' | 'systemPrompt'>;

/** The column's system prompt comes first, ahead of any system turn a conversation brought along. */
function turnsOf(request: AskedTurns): Turn[] {
  const system: Turn[] = request.systemPrompt ? [{ role: 'system', content: request.systemPrompt }] : [];
  return [...system, ...(request.history ?? []), { role: 'user', content: request.prompt }];
}

/** OpenAI chat completions (and the vendors that speak it): the turns as they are. */
export function chatMessages(request: AskedTurns): { role: Turn['role']; content: string }[] {
  return turnsOf(request).map((turn) => ({ role: turn.role, content: turn.content }));
}

/**
 * Anthropic Messages: system turns go to the `system` field; the rest must alternate user and assistant, so
 * neighbours of the same role are joined.
 */
export function anthropicConversation(request: AskedTurns): {
  system: string | undefined;
  messages: { role: 'user' | 'assistant'; content: string }[];
} {
  const turns = turnsOf(request);
  const system = turns.filter((turn) => turn.role === 'system').map((turn) => turn.content);
  const messages: { role: 'user' | 'assistant'; content: string }[] = [];
  for (const turn of turns) {
    if (turn.role === 'system') continue;
    const last = messages.at(-1);
    if (last?.role === turn.role) last.content = `${last.content}\n\n${turn.content}`;
    else messages.push({ role: turn.role, content: turn.content });
  }
  return { system: system.length > 0 ? system.join('\n\n') : undefined, messages };
}

/** Gemini: `contents` with roles user and model; system turns become the system instruction. */
export function geminiConversation(request: AskedTurns): {
  systemInstruction: string | undefined;
  contents: string | { role: 'user' | 'model'; parts: { text: string }[] }[];
} {
  if (!request.history?.length) return { systemInstruction: request.systemPrompt || undefined, contents: request.prompt };
  const turns = turnsOf(request);
  const system = turns.filter((turn) => turn.role === 'system').map((turn) => turn.content);
  const contents = turns
    .filter((turn) => turn.role !== 'system')
    .map((turn) => ({ role: turn.role === 'assistant' ? ('model' as const) : ('user' as const), parts: [{ text: turn.content }] }));
  return { systemInstruction: system.length > 0 ? system.join('\n\n') : undefined, contents };
}
