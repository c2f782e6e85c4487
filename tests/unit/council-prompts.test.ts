import { describe, expect, it } from 'vitest';
import {
  COUNCIL_REVIEW_QUERY,
  councilAttributions,
  councilChairman,
  councilReviewConversation,
  councilStandings,
  parseCouncilRanking,
  withoutModelNames,
} from '../../core/judge/council-prompts.ts';
import { councilReplyText, readCouncilRequest, type CouncilRequest } from '../../simulator/council-reply.ts';

/** The council request the simulator read, or a failed test. */
function councilOf(read: ReturnType<typeof readCouncilRequest>): CouncilRequest {
  if (!read?.ok) throw new Error(`not read as a council prompt: ${JSON.stringify(read)}`);
  return read.council;
}

const ANSWERS = [
  { label: 'Answer A', engine: 'openai', model: 'gpt-4o-mini' },
  { label: 'Answer B', engine: 'deepseek', model: 'deepseek-chat' },
  { label: 'Answer C', engine: 'groq', model: 'llama-3.1-8b-instant' },
];

describe('the council’s prompts and replies', () => {
  it('reads a ranking best first: only labels it was asked about, each once, in the formats models write', () => {
    const review = 'B is fine.\n\nRANKING:\n1. **Answer C**: clearest\n2) Answer B - shorter\n3. Answer A: my own\n4. Answer C: again\nSee also Answer B.';
    expect(parseCouncilRanking(review, ['Answer B', 'Answer C'])).toEqual([
      { label: 'Answer C', reason: 'clearest' },
      { label: 'Answer B', reason: 'shorter' },
    ]);
    expect(parseCouncilRanking('No ranking here.', ['Answer B'])).toBeNull();
  });

  it('places answers by their mean place; an answer no review ranked comes last', () => {
    const standings = councilStandings(['Answer A', 'Answer B', 'Answer C', 'Answer D'], [
      [{ label: 'Answer B', reason: '' }, { label: 'Answer A', reason: '' }],
      [{ label: 'Answer B', reason: '' }, { label: 'Answer C', reason: '' }],
      [{ label: 'Answer C', reason: '' }, { label: 'Answer A', reason: '' }],
    ]);
    expect(standings).toEqual([
      { label: 'Answer B', averagePlace: 1, votes: 2 },
      { label: 'Answer C', averagePlace: 1.5, votes: 2 },
      { label: 'Answer A', averagePlace: 2, votes: 2 },
      { label: 'Answer D', averagePlace: null, votes: 0 },
    ]);
  });

  it('counts the chairman’s credits per answer, in brackets only', () => {
    const text = 'Plan first [Answer B]. Test it [Answer A, Answer B]. Answer C said nothing new. [see Answer C]';
    expect(councilAttributions(text, ANSWERS)).toEqual([
      { ...ANSWERS[0], points: 1 },
      { ...ANSWERS[1], points: 2 },
      { ...ANSWERS[2], points: 1 },
    ]);
  });

  it('takes every name of the models out of what the council reads, longest first, whatever the case', () => {
    expect(withoutModelNames('**gpt-4o-mini:** I am GPT-4o mini from OpenAI, unlike GPT-4o.', ['gpt-4o-mini', 'GPT-4o mini', 'openai', 'GPT-4o', 'x'])).toBe(
      '**a model:** I am a model from a model, unlike a model.',
    );
  });

  it('gives each reviewer the other answers under their labels; the simulator ranks exactly those, the same way each time', () => {
    const conversation = councilReviewConversation('Tea or coffee?', [
      { label: 'Answer B', text: 'Tea.' },
      { label: 'Answer C', text: 'Coffee.' },
    ]);
    expect(conversation[0]).toEqual({ role: 'user', content: 'Tea or coffee?' });
    expect(conversation[1]!.content).toContain('### Answer B\n\nTea.');
    const read = readCouncilRequest(COUNCIL_REVIEW_QUERY, conversation.map((turn) => turn.content), 'gpt-4o-mini');
    expect(read).toMatchObject({ ok: true, council: { role: 'review', labels: ['Answer B', 'Answer C'] } });
    const reply = councilReplyText(councilOf(read), 'gpt-4o-mini');
    expect(parseCouncilRanking(reply, ['Answer B', 'Answer C'])!.map((entry) => entry.label).sort()).toEqual(['Answer B', 'Answer C']);
    expect(councilReplyText(councilOf(read), 'gpt-4o-mini')).toBe(reply);
  });

  it('has the simulated chairman credit the best-placed answer first', () => {
    const standings = councilStandings(['Answer A', 'Answer B', 'Answer C'], [[{ label: 'Answer C', reason: '' }, { label: 'Answer A', reason: '' }]]);
    const prompt = councilChairman('Tea or coffee?', [{ label: 'Answer A', text: 'Tea.' }, { label: 'Answer B', text: 'Coffee.' }, { label: 'Answer C', text: 'Both.' }], [], standings);
    const read = readCouncilRequest(prompt.query, prompt.conversation.map((turn) => turn.content), 'llama-3.1-8b-instant');
    const reply = councilReplyText(councilOf(read), 'llama-3.1-8b-instant');
    expect(/\[(Answer [A-C])/.exec(reply)![1]).toBe('Answer C');
    expect(councilAttributions(reply, ANSWERS).map((entry) => entry.label).sort()).toEqual(['Answer A', 'Answer B', 'Answer C']);
  });
});
