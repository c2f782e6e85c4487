/**
 * The sentences a simulated answer is built from, in one language or voice. The answer generator picks whole
 * sentences from these lists, so a system prompt that asks for French, or for a pirate, changes the lists and
 * nothing else: the piece count, the structure and the seeding stay what they are.
 *
 * `shortSentences` must hold sentences of every length from one to five words (at least one of one word), so any
 * number of words left over can be filled with whole sentences.
 */
export interface AnswerVocabulary {
  openingSentences: readonly string[];
  bodySentences: readonly string[];
  shortSentences: readonly string[];
  closingSentences: readonly string[];
  listIntroductions: readonly string[];
  bulletItems: readonly string[];
  /** The lead line's word between the model and the quoted question: `**gpt-4o** on “…”`. */
  about: string;
  /** What follows the model's name in the lead line when the question is empty: `**gpt-4o** here.` */
  here: string;
}

export const ENGLISH: AnswerVocabulary = {
  openingSentences: [
    'Here is a practical way to think about {keyword}.',
    'The short answer is that {keyword} depends on what you are optimising for.',
    'Good question: {keyword} comes up often, and the trade-offs are worth spelling out.',
    'Let me walk through {keyword} from the ground up.',
  ],
  bodySentences: [
    'Start from the outcome you want and work backwards to the smallest change that gets you there.',
    'Most of the difficulty comes from constraints that are easy to overlook at first.',
    'In practice, the simplest option that meets your needs is usually the right first step.',
    'It helps to separate what must be true from what would merely be nice.',
    'Measuring before and after any change keeps the discussion grounded in evidence.',
    'The details vary between teams, but the underlying principles stay remarkably stable.',
    'Where {keyword} is concerned, clarity about the goal matters more than any single technique.',
    'A small experiment will usually teach you more than a long debate.',
    'Keep an eye on cost, latency, and maintenance effort as the situation evolves.',
    'If you are unsure, choose the option that is easiest to reverse later.',
    'Clear names and a little documentation save more time than clever shortcuts.',
    'Edge cases tend to appear once real users arrive, so leave room to adapt.',
  ],
  shortSentences: [
    'Indeed.',
    'Exactly.',
    'Context matters.',
    'Start small.',
    'Measure first.',
    'Keep it simple.',
    'Simple as that.',
    'Test your assumptions.',
    'That is the idea.',
    'Small steps add up.',
    'That is the core idea.',
    'Steady progress beats big rewrites.',
  ],
  closingSentences: [
    'I hope this gives you a useful starting point.',
    'Happy to go deeper on any of these points.',
    'In short: keep it simple, measure, and iterate.',
    'Treat this as a starting point rather than a final answer.',
  ],
  listIntroductions: ['Key points:', 'A few pointers:', 'What I would do:'],
  bulletItems: [
    'Define what success looks like',
    'Start small and measure',
    'Compare at least two options',
    'Watch for hidden costs',
    'Write down your assumptions',
    'Revisit {keyword} after real usage',
    'Prefer reversible decisions',
    'Ask someone to review',
    'Automate the repetitive parts',
  ],
  about: 'on',
  here: 'here.',
};
