import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { SharedRequest } from '../../contract/shares.ts';
import { escapeHtml } from '../mail/escape-html.ts';

const DESCRIPTION_LENGTH = 200;
const TITLE_LENGTH = 90;

const shorten = (text: string, length: number): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= length ? flat : `${flat.slice(0, length - 1).trimEnd()}…`;
};

/**
 * The tags a link preview (chat apps, social sites) reads: the question as the title, who answered and how the
 * first answer begins as the description. Search engines are asked not to index shared pages: a link is for the
 * people it is given to.
 */
export function sharePreviewTags(shared: SharedRequest | null, pageUrl: string): string {
  if (!shared) return '<meta name="robots" content="noindex" />';
  const models = shared.answers.map((answer) => answer.modelName).join(', ');
  const firstAnswer = shared.answers.find((answer) => answer.success && answer.response)?.response ?? '';
  const title = `${shorten(shared.query, TITLE_LENGTH)} · Quorum`;
  const description = shorten(`Answered by ${models}. ${firstAnswer.replace(/[#*_`>[\]]/g, '')}`, DESCRIPTION_LENGTH);
  const tags: [string, string, string][] = [
    ['property', 'og:type', 'article'],
    ['property', 'og:site_name', 'Quorum'],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', pageUrl],
    ['name', 'twitter:card', 'summary'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ['name', 'description', description],
    ['name', 'robots', 'noindex'],
  ];
  return tags.map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`).join('\n    ');
}

/** The client's index.html, read once, with the preview tags put in its head (and its generic description left out). */
export function sharePageRenderer(clientDistDirectory: string): (tags: string, title: string | null) => Promise<string> {
  let template: Promise<string> | null = null;
  return async (tags, title) => {
    template ??= readFile(path.join(clientDistDirectory, 'index.html'), 'utf8');
    let html = (await template).replace(/<meta name="description"[^>]*>\s*/, '');
    if (title) html = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
    return html.replace('</head>', `  ${tags}\n  </head>`);
  };
}
