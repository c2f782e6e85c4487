import { simulatedWebPages } from './openai-responses-web-pages.ts';

/**
 * Perplexity extends OpenAI's chat completion (and every streamed chunk) with the pages it searched: `citations`, a
 * list of URLs, and `search_results`, the same pages with title and date. The OpenAI SDK passes these unknown fields
 * through untouched. Other OpenAI-compatible vendors send neither, so only requests under `/perplexity/` get them.
 */
export function vendorSearchFields(path: string, prompt: string): Record<string, unknown> {
  if (!path.startsWith('/perplexity/')) return {};
  const pages = simulatedWebPages(prompt);
  return {
    citations: pages.map((page) => page.url),
    search_results: pages.map((page) => ({ title: page.title, url: page.url, date: page.date })),
  };
}
