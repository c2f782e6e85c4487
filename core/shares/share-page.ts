import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { SharedRequest } from '../../contract/shares.ts';
import { escapeHtml } from '../mail/index.ts';

const DESCRIPTION_LENGTH = 200;
const TITLE_LENGTH = 90;
/** The site's own preview picture (drawn by scripts/render-og-image.ts): for a link with no picture of its own. */
const OG_IMAGE = { path: '/og-image.png', width: 1200, height: 630 };

const shorten = (text: string, length: number): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= length ? flat : `${flat.slice(0, length - 1).trimEnd()}…`;
};

/** What a share page's head says: its title and every preview tag, each once. */
export interface SharePageHead {
  title: string;
  /** [attribute, key, value]: `<meta {attribute}="{key}" content="{value}">`. */
  meta: [attribute: 'name' | 'property', key: string, value: string][];
}

/**
 * The head a link preview (chat apps, social sites) reads: the question as the title, who answered and how the
 * first answer begins as the description, and the picture by its absolute address (crawlers do not resolve relative
 * ones): the link's own (`imagePath`, drawn for it) or else the site's. Search engines are asked not to index shared pages: a link is for the people it is given to. A link that
 * leads nowhere gets no preview at all.
 */
export function sharePageHead(shared: SharedRequest | null, pageUrl: string, appUrl: string, imagePath: string = OG_IMAGE.path): SharePageHead {
  if (!shared) return { title: 'Quorum', meta: [['name', 'robots', 'noindex']] };
  const models = shared.answers.map((answer) => answer.modelName).join(', ');
  const firstAnswer = shared.answers.find((answer) => answer.success && answer.response)?.response ?? '';
  const title = `${shorten(shared.query, TITLE_LENGTH)} · Quorum`;
  const description = shorten(`Answered by ${models}. ${firstAnswer.replace(/[#*_`>[\]]/g, '')}`, DESCRIPTION_LENGTH);
  const image = new URL(imagePath, appUrl).toString();
  return {
    title,
    meta: [
      ['name', 'description', description],
      ['name', 'robots', 'noindex'],
      ['property', 'og:type', 'article'],
      ['property', 'og:site_name', 'Quorum'],
      ['property', 'og:title', title],
      ['property', 'og:description', description],
      ['property', 'og:url', pageUrl],
      ['property', 'og:image', image],
      ['property', 'og:image:width', String(OG_IMAGE.width)],
      ['property', 'og:image:height', String(OG_IMAGE.height)],
      ['name', 'twitter:card', 'summary_large_image'],
      ['name', 'twitter:title', title],
      ['name', 'twitter:description', description],
      ['name', 'twitter:image', image],
    ],
  };
}

/** A protected link's head: it says the page is a shared Quorum page and nothing of the question or answers. */
export function protectedSharePageHead(): SharePageHead {
  return {
    title: 'Protected shared answers · Quorum',
    meta: [
      ['name', 'robots', 'noindex'],
      ['property', 'og:site_name', 'Quorum'],
      ['property', 'og:title', 'Protected shared answers · Quorum'],
    ],
  };
}

/** The head as HTML, every value escaped. */
export function renderSharePageHead(head: SharePageHead): string {
  const tags = head.meta.map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`);
  return [`<title>${escapeHtml(head.title)}</title>`, ...tags].join('\n    ');
}

/** The client's own title and preview tags, which a share page replaces with its own (so each appears once). */
const GENERIC_HEAD_TAGS = /<title>[^<]*<\/title>\s*|<meta\s+(?:name="(?:description|robots|twitter:[^"]*)"|property="og:[^"]*")[^>]*>\s*/g;

/**
 * The client's index.html, read once, with its generic title and preview tags taken out and the share's head put
 * in before `</head>`. Only functions and slices touch the page: no user text ever goes through a replacement
 * pattern (where `$&` or `$'` would splice the page into itself).
 */
export function sharePageRenderer(clientDistDirectory: string): (head: SharePageHead) => Promise<string> {
  let template: Promise<string> | null = null;
  return async (head) => {
    template ??= readFile(path.join(clientDistDirectory, 'index.html'), 'utf8');
    const page = (await template).replace(GENERIC_HEAD_TAGS, () => '');
    const end = page.indexOf('</head>');
    return `${page.slice(0, end)}  ${renderSharePageHead(head)}\n  ${page.slice(end)}`;
  };
}
