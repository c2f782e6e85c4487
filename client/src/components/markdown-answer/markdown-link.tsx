import type { ComponentProps } from 'react';
import type { ExtraProps } from 'react-markdown';
import { shortenLinkText } from './link-text.ts';

type MarkdownLinkProps = ComponentProps<'a'> & ExtraProps;

/**
 * A link in an answer. `href` has already been through `filterUrl`; an emptied one means the URL was unsafe, so the
 * text is shown without a link rather than as a link to nowhere.
 */
export function MarkdownLink({ href, children, title }: MarkdownLinkProps) {
  if (!href) return <span>{children}</span>;

  const text = typeof children === 'string' ? shortenLinkText(children) : children;
  const wasShortened = text !== children;

  // Footnote references and back-references jump within the answer; opening them in a new tab would be odd.
  if (href.startsWith('#')) {
    return (
      <a href={href} title={title}>
        {text}
      </a>
    );
  }

  return (
    <a href={href} title={title ?? (wasShortened ? href : undefined)} target="_blank" rel="noopener noreferrer">
      {text}
    </a>
  );
}
