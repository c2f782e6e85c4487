import { SOURCE_CHECK_INSTRUCTION } from '../../contract/judge.ts';
import { CONVERSATION_LIMITS } from '../../contract/limits.ts';
import type { ConversationTurn } from '../../contract/conversation.ts';
import type { AnswerSource } from '../../contract/run-events.ts';

export interface JudgedAnswer {
  name: string;
  text: string;
  /** The web pages the answer cited; empty when it searched nothing. */
  sources?: readonly AnswerSource[];
}

/**
 * What the judge model is given: the original question as the person's turn, then every answer (named, each cut to
 * its share of one turn's length, with the pages it cited listed under it) as the assistant's turn; the instruction
 * is the question it answers, with the source check after it when any answer cited pages.
 */
export function judgeConversation(
  question: string,
  answers: readonly JudgedAnswer[],
  instruction: string,
): { query: string; conversation: ConversationTurn[]; checkedSources: boolean } {
  const checkedSources = answers.some((answer) => (answer.sources?.length ?? 0) > 0);
  const share = Math.floor(CONVERSATION_LIMITS.turnLength / Math.max(1, answers.length)) - 100;
  const body = answers
    .map((answer, index) => {
      const sources = (answer.sources ?? []).map((source) => `- ${source.title ? `${source.title} — ` : ''}${source.url}`).join('\n');
      const room = Math.max(0, share - sources.length);
      const text = answer.text.length > room ? `${answer.text.slice(0, room)} […]` : answer.text;
      return `### Answer ${index + 1} (${answer.name})\n\n${text}${sources ? `\n\nCited pages:\n${sources}` : ''}`;
    })
    .join('\n\n');
  return {
    query: checkedSources ? `${instruction} ${SOURCE_CHECK_INSTRUCTION}` : instruction,
    conversation: [
      { role: 'user', content: question },
      { role: 'assistant', content: `Several models answered this question.\n\n${body}` },
    ],
    checkedSources,
  };
}
