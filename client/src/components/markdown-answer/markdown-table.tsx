import type { ComponentProps } from 'react';
import type { ExtraProps } from 'react-markdown';
import classes from './markdown-answer.module.css';

/** A table scrolls sideways inside its own box instead of widening the page on a narrow screen. */
export function MarkdownTable({ node: _node, ...props }: ComponentProps<'table'> & ExtraProps) {
  return (
    <div className={classes.tableScroll}>
      <table {...props} />
    </div>
  );
}
