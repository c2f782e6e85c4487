/** Small closed word lists the analyser reasons with. */

/** Words that negate what follows them, up to the end of the clause (at most `NEGATION_REACH` words). */
export const NEGATORS = new Set([
  'not', 'no', 'never', 'without', 'hardly', 'barely', 'scarcely', 'nothing', 'none', 'nobody', 'neither', 'nor',
  'lack', 'lacks', 'lacking', 'fails', 'failed', 'fail', 'isnt', 'dont', 'doesnt', 'wont', 'cant', 'didnt',
]);
export const NEGATION_REACH = 5;

/** Words that start a clause set against the one before it. */
export const CONTRAST_MARKERS = new Set(['but', 'however', 'although', 'though', 'whereas', 'yet', 'except', 'despite', 'while', 'unlike', 'meanwhile']);

/** Words that make the name after them the thing compared against ("better than X", "unlike X", "X vs Y"). */
export const COMPARED_AGAINST = new Set(['than', 'unlike', 'versus', 'vs', 'vs.', 'over', 'against', 'instead', 'outperforms', 'beats', 'outpaces', 'surpasses', 'trumps', 'outshines', 'outclasses']);

/** Words that strengthen or soften the next sentiment word. */
export const INTENSIFIERS = new Set(['very', 'really', 'extremely', 'incredibly', 'highly', 'super', 'so', 'truly', 'absolutely', 'remarkably', 'exceptionally', 'most', 'too']);
export const HEDGES = new Set(['somewhat', 'slightly', 'fairly', 'rather', 'might', 'may', 'could', 'perhaps', 'possibly', 'arguably', 'relatively', 'reportedly', 'some', 'sometimes', 'occasionally']);

/** Words that begin a sentence with a capital letter without naming anything. */
export const FUNCTION_WORDS = new Set([
  'the', 'a', 'an', 'and', 'or', 'but', 'if', 'in', 'on', 'at', 'for', 'with', 'to', 'of', 'it', 'its', 'this', 'that',
  'these', 'those', 'they', 'their', 'we', 'you', 'your', 'i', 'he', 'she', 'is', 'are', 'was', 'were', 'be', 'both',
  'however', 'while', 'unlike', 'compared', 'overall', 'also', 'as', 'when', 'where', 'which', 'what', 'who', 'how',
  'pros', 'cons', 'best', 'note', 'yes', 'no', 'not', 'all', 'each', 'every', 'some', 'many', 'most', 'other',
  'although', 'though', 'because', 'so', 'then', 'than', 'there', 'here', 'my', 'our', 'his', 'her', 'by', 'from',
]);
