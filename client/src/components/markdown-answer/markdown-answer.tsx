import { Typography } from '@mantine/core';
import { memo } from 'react';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import classes from './markdown-answer.module.css';
import { MarkdownImage } from './markdown-image.tsx';
import { MarkdownLink } from './markdown-link.tsx';
import { MarkdownTable } from './markdown-table.tsx';
import { filterUrl } from './safe-url.ts';

// Defined once, outside the component: new arrays or objects on each render would make react-markdown rebuild its
// processor every time.
const remarkPlugins = [remarkGfm];
const components: Components = { a: MarkdownLink, img: MarkdownImage, table: MarkdownTable };

export interface MarkdownAnswerProps {
  /** Untrusted markdown from a model. */
  content: string;
}

/**
 * Renders a model's answer. Raw HTML in it is shown as text, never rendered: react-markdown turns it into text
 * unless a plugin such as rehype-raw is added, and none must be. URLs are filtered, links open in a new tab
 * without access to this page, and images are shown as links.
 */
export const MarkdownAnswer = memo(function MarkdownAnswer({ content }: MarkdownAnswerProps) {
  return (
    <Typography className={classes.root}>
      <Markdown remarkPlugins={remarkPlugins} components={components} urlTransform={filterUrl}>
        {content}
      </Markdown>
    </Typography>
  );
});
