import { Box, Notification } from '@mantine/core';
import { useRef, type ReactNode } from 'react';
import { placeStyle, useClearOfAsk } from '../clear-of-ask/clear-of-ask.ts';

interface CornerNoticeProps {
  color: string;
  title: string;
  onClose: () => void;
  testId: string;
  role?: 'status';
  children: ReactNode;
}

/**
 * A notice in the page's corner that blocks nothing on screen: how the app says why it just signed itself out. At
 * the bottom, or under the top bar when the bottom would cover an Ask button (a phone with the question box low on
 * the screen), set aside while both places would, like the registration invitation. Above the app shell's header
 * and drawer, below modals (signing in again opens one).
 */
export function CornerNotice({ color, title, onClose, testId, role, children }: CornerNoticeProps) {
  const corner = useRef<HTMLDivElement>(null);
  const place = useClearOfAsk(corner, true);
  return (
    <Box
      ref={corner}
      data-place={place}
      style={{
        position: 'fixed',
        ...placeStyle(place),
        right: 'var(--mantine-spacing-md)',
        width: 'min(26rem, calc(100vw - 2 * var(--mantine-spacing-md)))',
        zIndex: 'calc(var(--mantine-z-index-modal) - 1)',
      }}
    >
      <Notification
        color={color}
        title={title}
        onClose={onClose}
        closeButtonProps={{ 'aria-label': 'Dismiss' }}
        withBorder
        role={role}
        data-testid={testId}
        // A titled notification greys its message (below 4.5:1 on white); the message keeps the page's text colour.
        styles={{ description: { color: 'var(--mantine-color-text)' } }}
      >
        {children}
      </Notification>
    </Box>
  );
}
