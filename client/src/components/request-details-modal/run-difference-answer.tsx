import { Typography } from '@mantine/core';
import { useMemo } from 'react';
import Markdown, { type Components, type Options } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import markdownClasses from '../markdown-answer/markdown-answer.module.css';
import { MarkdownImage } from '../markdown-answer/markdown-image.tsx';
import { MarkdownLink } from '../markdown-answer/markdown-link.tsx';
import { MarkdownTable } from '../markdown-answer/markdown-table.tsx';
import { filterUrl } from '../markdown-answer/safe-url.ts';
import type { DifferencePart } from './answer-differences.ts';
import { markDifferences, markedDifferenceMarkdown, withoutMarks } from './marked-difference-markdown.ts';
import classes from './run-differences.module.css';

const remarkPlugins = [remarkGfm];
const rehypePlugins: Options['rehypePlugins'] = [[markDifferences, { addedClass: classes.added, removedClass: classes.removed }]];
const components: Components = { a: MarkdownLink, img: MarkdownImage, table: MarkdownTable };
// A changed address carries the diff's marks: they are no part of it.
const urlTransform = (url: string) => filterUrl(withoutMarks(url));

/**
 * One model's answer in two runs, rendered as the Markdown it is (bold, lists, headings, links filtered as in any
 * answer; raw HTML stays text), with the words only in the earlier run struck through and those only in the later
 * one highlighted.
 */
export function RunDifferenceAnswer({ parts }: { parts: readonly DifferencePart[] }) {
  const markdown = useMemo(() => markedDifferenceMarkdown(parts), [parts]);
  return (
    <Typography className={`${markdownClasses.root} ${classes.text}`} tabIndex={0} data-testid="run-difference-text">
      <Markdown remarkPlugins={remarkPlugins} rehypePlugins={rehypePlugins} components={components} urlTransform={urlTransform}>
        {markdown}
      </Markdown>
    </Typography>
  );
}
