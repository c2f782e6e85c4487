import type { ConversationTurn } from '../../contract/conversation.ts';
import { CONVERSATION_LIMITS, QUERY_MAX_LENGTH } from '../../contract/limits.ts';
import type { ChatMessage } from '../../contract/openai-compatible.ts';
import { characterCount } from '../../contract/text-length.ts';
import { OpenAiError } from './openai-error-format.ts';

/** The text of a message: a string, or the text parts of a list (images and the like are not read). */
function messageText(content: ChatMessage['content']): string {
  if (typeof content === 'string') return content;
  if (!content) return '';
  return content
    .filter((part) => part.type === 'text' && typeof part.text === 'string')
    .map((part) => part.text)
    .join('\n');
}

/**
 * Splits OpenAI `messages` into the question (the last message, which must be the user's, within the question's
 * limit as in the web app) and the turns before it, which travel with the question to the model. Lengths are counted
 * as the app counts its question (`characterCount`: an emoji is one character), so both accept the same text.
 */
export function chatConversation(messages: readonly ChatMessage[]): { query: string; conversation: ConversationTurn[] } {
  const last = messages.at(-1)!;
  const invalid = (message: string) => new OpenAiError(400, message, 'invalid_request', 'messages');
  if (last.role !== 'user') throw invalid('The last message must be the user\'s question.');
  const query = messageText(last.content).trim();
  if (query === '') throw invalid('The last user message is empty: it is the question to answer.');
  if (characterCount(query) > QUERY_MAX_LENGTH) throw invalid(`The question (the last user message) is at most ${QUERY_MAX_LENGTH} characters.`);
  const earlier = messages.slice(0, -1);
  if (earlier.length > CONVERSATION_LIMITS.earlierTurns) throw invalid(`At most ${CONVERSATION_LIMITS.earlierTurns} messages may come before the question.`);
  const conversation = earlier.map((message, index): ConversationTurn => {
    const content = messageText(message.content);
    if (characterCount(content) > CONVERSATION_LIMITS.turnLength) {
      throw new OpenAiError(400, `Each message is at most ${CONVERSATION_LIMITS.turnLength} characters.`, 'invalid_request', `messages[${index}].content`);
    }
    // `developer` is OpenAI's newer name for the system role.
    return { role: message.role === 'developer' ? 'system' : message.role, content };
  });
  return { query, conversation: conversation.filter((turn) => turn.content !== '') };
}
