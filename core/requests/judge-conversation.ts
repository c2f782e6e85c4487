import { JUDGE_INSTRUCTION } from '../../contract/judge.ts';
import { CONVERSATION_LIMITS } from '../../contract/limits.ts';
import type { ConversationTurn } from '../../contract/conversation.ts';

export interface JudgedAnswer {
  name: string;
  text: string;
}

/**
 * What the judge model is given: the original question as the person's turn, then every answer (named, each cut to
 * its share of one turn's length) as the assistant's turn; the instruction is the question it answers.
 */
export function judgeConversation(question: string, answers: readonly JudgedAnswer[]): { query: string; conversation: ConversationTurn[] } {
  const share = Math.floor(CONVERSATION_LIMITS.turnLength / Math.max(1, answers.length)) - 100;
  const body = answers
    .map((answer, index) => {
      const text = answer.text.length > share ? `${answer.text.slice(0, share)} […]` : answer.text;
      return `### Answer ${index + 1} (${answer.name})\n\n${text}`;
    })
    .join('\n\n');
  return {
    query: JUDGE_INSTRUCTION,
    conversation: [
      { role: 'user', content: question },
      { role: 'assistant', content: `Several models answered this question.\n\n${body}` },
    ],
  };
}
