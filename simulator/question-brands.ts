/**
 * The brands a question names ("Is Acme a good CRM?", "Acme or Pipewell for a small team?"), read the way a
 * person spots them: capitalised names that are not the question's own words (Is, Which, Best…), places, months or
 * the acronyms of a topic (CRM, VPN). A run of capitalised words joined by spaces or "&" is one name
 * ("Merrick & Hale"). A sentence's first word is capitalised anyway ("Suggest a CRM"), so it counts only when the
 * question sets it against another ("Acme or Pipewell?", "Acme vs Pipewell"). A live model discussing such a
 * question names them in its answer; so does the simulator in demo mode.
 */

/** Capitalised words that open or shape a question, and common proper nouns that are not brands. */
const NOT_BRANDS = new Set(
  [
    'i', 'is', 'are', 'am', 'was', 'were', 'be', 'what', 'which', 'who', 'whom', 'whose', 'why', 'when', 'where', 'how',
    'best', 'top', 'recommend', 'recommended', 'should', 'can', 'could', 'would', 'will', 'do', 'does', 'did', 'the',
    'a', 'an', 'my', 'our', 'your', 'for', 'in', 'on', 'of', 'to', 'and', 'or', 'vs', 'versus', 'compare', 'compared',
    'tell', 'give', 'list', 'name', 'please', 'any', 'some', 'good', 'better', 'it', 'its', 'this', 'that', 'these',
    'those', 'there', 'here', 'me', 'we', 'you', 'they', 'if', 'with', 'without', 'about', 'between', 'than', 'alternatives',
    'alternative', 'cheap', 'cheapest', 'new', 'most', 'more', 'free', 'hi', 'hello', 'hey', 'also', 'other', 'others',
    'ai', 'api', 'apis', 'saas', 'b2b', 'b2c', 'smb', 'it', 'ok', 'okay', 'thanks', 'explain', 'describe', 'help',
    'english', 'french', 'spanish', 'german', 'europe', 'european', 'asia', 'africa', 'america', 'american', 'us',
    'usa', 'uk', 'eu', 'britain', 'british', 'germany', 'france', 'spain', 'italy', 'india', 'china', 'japan',
    'canada', 'australia', 'london', 'paris', 'berlin', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday',
    'saturday', 'sunday', 'january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september',
    'october', 'november', 'december',
  ],
);

/** The topic acronyms the simulator already files brands under; never a brand themselves. */
const TOPIC_ACRONYMS = new Set(['crm', 'vpn', 'vps', 'seo', 'erp', 'hr', 'cms', 'cdn', 'dns', 'ide', 'llm']);

const MAXIMUM_NAMES = 3;
/** What sets one name against another right after it. */
const ALTERNATIVES = new Set(['or', 'vs', 'vs.', 'versus', 'and', '&']);

function isNameWord(word: string): boolean {
  if (!/^\p{Lu}[\p{L}\p{N}'’.-]*$/u.test(word)) return false;
  const lower = word.toLowerCase();
  return !NOT_BRANDS.has(lower) && !TOPIC_ACRONYMS.has(lower);
}

/** The names, in the order the question gives them, each once, at most three. */
export function brandsNamedIn(question: string): string[] {
  const names: string[] = [];
  let current: string[] = [];
  const finish = () => {
    // A name does not end on its joining "&".
    while (current.at(-1) === '&') current.pop();
    const name = current.join(' ');
    if (name !== '' && !names.some((known) => known.toLowerCase() === name.toLowerCase())) names.push(name);
    current = [];
  };
  const tokens = question.split(/\s+/).filter((token) => token !== '');
  tokens.forEach((token, index) => {
    const word = token.replace(/^[^\p{L}\p{N}&]+/u, '');
    const bare = word.replace(/[^\p{L}\p{N}&]+$/u, '');
    const endsClause = bare !== word;
    const opensSentence = index === 0 || /[.?!]$/.test(tokens[index - 1] ?? '');
    const setAgainstAnother = endsClause ? /,$/.test(token) : ALTERNATIVES.has((tokens[index + 1] ?? '').toLowerCase());
    if (bare === '&' && current.length > 0) current.push('&');
    else if (bare !== '' && isNameWord(bare) && (!opensSentence || setAgainstAnother)) current.push(bare);
    else finish();
    if (endsClause) finish();
  });
  finish();
  return names.slice(0, MAXIMUM_NAMES);
}
