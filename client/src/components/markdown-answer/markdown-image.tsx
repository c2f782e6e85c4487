import type { ComponentProps } from 'react';
import type { ExtraProps } from 'react-markdown';
import { shortenLinkText } from './link-text.ts';

type MarkdownImageProps = ComponentProps<'img'> & ExtraProps;

/**
 * An image in an answer becomes a link to it. Loading it would let the answer's author learn the reader's IP
 * address and when the answer was read, or smuggle data out in the image URL; a link the reader chooses to open
 * does neither.
 */
export function MarkdownImage({ src, alt, title }: MarkdownImageProps) {
  const url = typeof src === 'string' ? src : '';
  const label = alt ? `Image: ${alt}` : 'Image';
  // `src` has already been through `filterUrl`; empty means it was unsafe (or missing), so show the label alone.
  if (!url) return <span>[{label}]</span>;

  return (
    <a href={url} title={title ?? url} target="_blank" rel="noopener noreferrer">
      [{alt ? label : `${label}: ${shortenLinkText(url)}`}]
    </a>
  );
}
