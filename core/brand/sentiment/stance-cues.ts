import type { TokenReading } from './token-readings.ts';
import type { Token } from './tokens.ts';

/**
 * Words and phrases that steer a reader toward a brand or away from it without being sentiment words: the
 * recommendations AI answers make ("I'd go with", "start with", "skip", "steer clear of") and facts that are good
 * or bad news for a product ("includes", "unlimited", "discontinued", "raised the price", "outage"). A negated cue
 * ("wouldn't recommend", "doesn't include") counts the other way. Counted per clause and sentence as features, so
 * the model weighs them by what the labelled answers say they mean.
 */
const TOWARD = [
  'recommend', 'recommended', 'recommendation', 'pick', 'picks', 'go with', 'go for', 'start with', 'opt for', 'stick with',
  'default', 'winner', 'wins', 'best bet', 'best choice', 'best option', 'worth it', 'worth the', 'worth paying',
  'would buy', 'would choose', 'would pick', 'would get', 'the one to', 'easy choice', 'safe choice', 'safe bet',
  'first choice', 'top choice', 'upgrade to', 'switch to', 'includes', 'included', 'supports', 'unlimited', 'free plan',
  'free tier', 'no fees', 'award', 'audited', 'certified', 'guarantee', 'warranty', 'refund', 'generous', 'leader',
  'leads', 'ahead', 'edge', 'favourite', 'favorite', 'go-to', 'love', 'stands out',
];
const AWAY = [
  'skip', 'avoid', 'steer clear', 'pass on', 'hold off', 'stay away', 'switch away', 'move away', 'migrate off',
  'discontinued', 'shut down', 'shutting down', 'sunset', 'sunsetting', 'retired', 'no longer', 'end of life',
  'raised', 'raises', 'price hike', 'hike', 'hikes', 'outage', 'outages', 'breach', 'breached', 'recall', 'recalled',
  'lawsuit', 'fined', 'bankrupt', 'bankruptcy', 'hidden fees', 'fees', 'lock-in', 'paywall', 'unavailable',
  'not available', 'delays', 'delayed', 'complaints', 'left off', 'left out', 'caveat', 'catch', 'gotcha',
  'only if', 'instead', 'alternative', 'alternatives', 'deal-breaker', 'dealbreaker', 'problem', 'problems', 'issues',
];

type Phrase = readonly string[];
const byFirstWord = new Map<string, { words: Phrase; direction: 1 | -1 }[]>();
for (const [list, direction] of [[TOWARD, 1], [AWAY, -1]] as const) {
  for (const phrase of list) {
    const words = phrase.split(' ');
    const entries = byFirstWord.get(words[0]!) ?? [];
    entries.push({ words, direction });
    byFirstWord.set(words[0]!, entries);
  }
}

/** The cue that starts at `index`, signed (+1 toward, -1 away, turned around when negated), and its length; 0 if none. */
export function stanceCueAt(tokens: readonly Token[], readings: readonly TokenReading[], index: number): { direction: number; length: number } {
  const entries = byFirstWord.get(tokens[index]!.norm);
  if (entries === undefined) return { direction: 0, length: 0 };
  for (const { words, direction } of entries) {
    let matches = true;
    for (let offset = 1; offset < words.length && matches; offset += 1) matches = tokens[index + offset]?.norm === words[offset];
    if (!matches) continue;
    const negated = readings[index]!.word.startsWith('NOT_');
    return { direction: negated ? -direction : direction, length: words.length };
  }
  return { direction: 0, length: 0 };
}
