import { GUEST_GRANT, MAX_COMPARED_MODELS, PER_MODEL_CREDIT_CAP, REGISTERED_GRANT } from '../../../../contract/limits.ts';
import type { Catalogue } from '../../api/catalogue-api.ts';

export interface FaqEntry {
  question: string;
  answer: string;
}

/** What the catalogue says about this server's models; null until it has loaded. */
interface ModelFacts {
  models: number;
  engines: string[];
  freeModels: number;
  webSearchModels: number;
  webSearchCredits: number;
}

function modelFacts(catalogue: Catalogue | null): ModelFacts | null {
  if (!catalogue) return null;
  const engines = Object.values(catalogue.models).filter((engine) => engine.available && engine.models.length > 0);
  const models = engines.flatMap((engine) => engine.models);
  return {
    models: models.length,
    engines: engines.map((engine) => engine.name),
    freeModels: models.filter((model) => model.freeTier).length,
    webSearchModels: models.filter((model) => model.webSearchSupported).length,
    webSearchCredits: catalogue.features.webSearch,
  };
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "A, B and C". */
function listed(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * The questions people ask most, answered with this server's numbers: the limits from the contract and, once
 * loaded, the live catalogue (how many models, which engines, what web search costs).
 */
export function faqEntries(catalogue: Catalogue | null): FaqEntry[] {
  const facts = modelFacts(catalogue);
  const caps = PER_MODEL_CREDIT_CAP;

  const modelsAnswer = facts
    ? `Right now Quorum offers ${plural(facts.models, 'model', 'models')} from ${listed(facts.engines)}. ` +
      `${plural(facts.freeModels, 'of them is', 'of them are')} open to everyone; the rest unlock when you create a free account. ` +
      'The model picker on the home page shows each one with its price in credits and a short description.'
    : 'The model picker on the home page lists every model this server offers, with its price in credits and a short ' +
      'description. Some are open to everyone; the rest unlock when you create a free account.';

  const webSearchCost = facts ? ` It adds ${plural(facts.webSearchCredits, 'credit', 'credits')} per model to the price.` : '';
  const webSearchModels = facts ? ` ${plural(facts.webSearchModels, 'model supports', 'models support')} it at the moment.` : '';

  return [
    {
      question: 'How do credits work?',
      answer:
        'Each model has a price in credits, shown next to it before you ask. When you send a question the credits are ' +
        'set aside, and they are only charged once the answer has finished: an answer that fails or that you stop costs ' +
        `nothing. Visitors start with ${GUEST_GRANT} free credits; confirming the email address of a new account adds ` +
        `${REGISTERED_GRANT}. One model in one request may cost at most ${caps.free} credits without an account, ` +
        `${caps.registered} with one and ${caps.subscribed} on a subscription.`,
    },
    { question: 'Which AI models are available?', answer: modelsAnswer },
    {
      question: 'What does web search do?',
      answer:
        'With web search switched on, a model that supports it looks things up on the web before it answers, so it can ' +
        `use recent information, and the pages it relied on are listed under the answer as sources.${webSearchModels}` +
        ` Web search needs an account.${webSearchCost}`,
    },
    {
      question: 'How does model comparison work?',
      answer:
        `Switch to comparison, pick up to ${MAX_COMPARED_MODELS} models and ask your question once. Every model answers ` +
        'in its own column at the same time, so you can read them side by side as they arrive. Each model is charged ' +
        'its own price, and only for an answer that finished. Comparison needs an account.',
    },
  ];
}

/** The same questions as schema.org FAQPage data, for search engines. */
export function faqStructuredData(entries: FaqEntry[]): string {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: entries.map((entry) => ({
      '@type': 'Question',
      name: entry.question,
      acceptedAnswer: { '@type': 'Answer', text: entry.answer },
    })),
  };
  // `<` escaped: the text sits inside a script element, where "</script>" in an answer would end it early.
  return JSON.stringify(data).replaceAll('<', '\\u003c');
}
