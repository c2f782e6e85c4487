import { Box, Notification, Text } from '@mantine/core';
import { useAuth } from '../../app-state/auth-context.tsx';

/** Confirms, after the page has signed itself out, that the account is gone: the same corner as the expiry notice. */
export function AccountDeletedNotice() {
  const { dismissAccountDeleted } = useAuth();
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
        color="teal"
        title="Account deleted"
        onClose={dismissAccountDeleted}
        closeButtonProps={{ 'aria-label': 'Dismiss' }}
        withBorder
        role="status"
        data-testid="account-deleted-notice"
      >
        {/* A titled notification greys its text below 4.5:1 in light; the message keeps the text colour. */}
        <Text size="sm" c="var(--mantine-color-text)">
          Your account has been deleted, with its history and unused credits. Thank you for using Quorum.
        </Text>
      </Notification>
    </Box>
  );
}
