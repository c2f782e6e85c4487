import { Box, Notification } from '@mantine/core';
import type { ReactNode } from 'react';

interface CornerNoticeProps {
  color: string;
  title: string;
  onClose: () => void;
  testId: string;
  role?: 'status';
  children: ReactNode;
}

/**
 * A notice in the page's bottom corner that blocks nothing on screen: how the app says why it just signed itself
 * out. Above the app shell's header and drawer, below modals (signing in again opens one).
 */
export function CornerNotice({ color, title, onClose, testId, role, children }: CornerNoticeProps) {
  return (
    <Box
      style={{
        position: 'fixed',
        bottom: 'var(--mantine-spacing-md)',
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
