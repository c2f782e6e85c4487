import { Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { MarkdownAnswerProps } from './markdown-answer.tsx';

// The markdown pipeline (micromark, GFM, unified) is about a quarter of the client's JavaScript and is needed only
// once an answer arrives, so it lives in its own chunk, fetched while the user is still typing.
const loadMarkdownAnswer = () => import('./markdown-answer.tsx');

const MarkdownAnswer = lazy(async () => ({ default: (await loadMarkdownAnswer()).MarkdownAnswer }));

/** Starts fetching the markdown renderer ahead of need; safe to call any number of times. */
export function preloadMarkdownAnswer(): void {
  void loadMarkdownAnswer().catch(() => {
    // A failed preload is retried by the real render, which shows its own fallback meanwhile.
  });
}

export function LazyMarkdownAnswer({ content, streaming = false }: MarkdownAnswerProps) {
  // Until the renderer arrives, the text is shown as it is; React escapes it, so this is as safe as the real thing.
  const fallback = (
    <Text component="div" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {content}
    </Text>
  );
  return (
    <Suspense fallback={fallback}>
      <MarkdownAnswer content={content} streaming={streaming} />
    </Suspense>
  );
}
