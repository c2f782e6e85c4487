import { Typography } from '@mantine/core';
import { memo } from 'react';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import classes from './markdown-answer.module.css';
import { MarkdownImage } from './markdown-image.tsx';
import { MarkdownLink } from './markdown-link.tsx';
import { MarkdownTable } from './markdown-table.tsx';
import { filterUrl } from './safe-url.ts';
import { settledBlocks } from './settled-blocks.ts';

// Defined once, outside the component: new arrays or objects on each render would make react-markdown rebuild its
// processor every time.
const remarkPlugins = [remarkGfm];
const components: Components = { a: MarkdownLink, img: MarkdownImage, table: MarkdownTable };

export interface MarkdownAnswerProps {
  /** Untrusted markdown from a model. */
  content: string;
  /**
   * Still arriving: rendered block by block, so each new word re-parses only the last, growing block (see
   * `settled-blocks.ts`). Once finished the answer is rendered whole.
   */
  streaming?: boolean;
}

/**
 * Renders a model's answer. Raw HTML in it is shown as text, never rendered: react-markdown turns it into text
 * unless a plugin such as rehype-raw is added, and none must be. URLs are filtered, links open in a new tab
 * without access to this page, and images are shown as links.
 */
export const MarkdownAnswer = memo(function MarkdownAnswer({ content, streaming = false }: MarkdownAnswerProps) {
  return (
    <Typography className={classes.root}>
      {streaming ? (
        // Keyed by position: a settled block keeps its text, so its memo holds and it is not parsed again.
        settledBlocks(content).map((block, index) => <MarkdownText key={index} content={block} />)
      ) : (
        <MarkdownText content={content} />
      )}
    </Typography>
  );
});

/** One markdown text, parsed and rendered; memoised on the text. */
const MarkdownText = memo(function MarkdownText({ content }: { content: string }) {
  return (
    <Markdown remarkPlugins={remarkPlugins} components={components} urlTransform={filterUrl}>
      {content}
    </Markdown>
  );
});
