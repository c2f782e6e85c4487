import { ENGLISH, type AnswerVocabulary } from './answer-vocabulary.ts';

/**
 * "You are a pirate": the English answer, said the way a pirate says it. Words are swapped one for one, so a
 * sentence keeps its word count (a streamed answer's piece count stays what the script says).
 */

const PIRATE_WORDS: Record<string, string> = {
  you: 'ye',
  your: 'yer',
  yours: 'yers',
  is: 'be',
  are: 'be',
  my: 'me',
  yes: 'aye',
  hello: 'ahoy',
  hi: 'ahoy',
  friend: 'matey',
  friends: 'hearties',
  before: 'afore',
  stop: 'avast',
  of: 'o’',
};

/** One word in a pirate's voice, keeping its capital and the punctuation around it. */
function pirateWord(word: string): string {
  const match = /^(\p{L}+)(.*)$/u.exec(word);
  if (!match) return word;
  const [, letters = '', rest = ''] = match;
  const swapped = PIRATE_WORDS[letters.toLowerCase()];
  if (swapped === undefined) return word;
  const capitalised = letters.charAt(0) !== letters.charAt(0).toLowerCase();
  return `${capitalised ? swapped.charAt(0).toUpperCase() + swapped.slice(1) : swapped}${rest}`;
}

/** Text in a pirate's voice, word for word (spaces and line breaks kept as they are). */
export function inPirateVoice(text: string): string {
  return text.replace(/\S+/g, pirateWord);
}

const voiced = (sentences: readonly string[]) => sentences.map(inPirateVoice);

export const PIRATE: AnswerVocabulary = {
  openingSentences: [
    'Arr, here be a practical way to think about {keyword}.',
    'Ahoy! The short answer be that {keyword} depends on where ye be sailing.',
    'Shiver me timbers, {keyword} comes up often, and the trade-offs be worth spelling out.',
    'Gather round, matey, and I will walk ye through {keyword}.',
  ],
  bodySentences: voiced(ENGLISH.bodySentences),
  shortSentences: [
    'Arr.',
    'Aye.',
    'Aye, matey.',
    'Yo ho ho.',
    'Measure first, matey.',
    'Keep her simple.',
    'Steady as she goes.',
    'Test yer bearings first.',
    'That be the idea.',
    'Small steps fill the hold.',
    'That be the heart.',
    'Slow and steady wins treasure.',
  ],
  closingSentences: [
    'Fair winds on yer voyage, matey.',
    'Happy to sail deeper into any o’ these waters.',
    'In short: keep her simple, measure, and sail on.',
    'Take this as a map, not the treasure itself.',
  ],
  listIntroductions: ['Mark these, matey:', 'A few pointers from the crow’s nest:', 'What this old sea dog would do:'],
  bulletItems: voiced(ENGLISH.bulletItems),
  about: 'on',
  here: 'here.',
};
