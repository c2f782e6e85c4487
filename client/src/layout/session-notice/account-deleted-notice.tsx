import { Text } from '@mantine/core';
import { useAuth } from '../../app-state/auth-context.tsx';
import { CornerNotice } from './corner-notice.tsx';

/** Confirms, after the page has signed itself out, that the account is gone: the same corner as the expiry notice. */
export function AccountDeletedNotice() {
  const { dismissAccountDeleted } = useAuth();
  return (
    <CornerNotice color="teal" title="Account deleted" onClose={dismissAccountDeleted} role="status" testId="account-deleted-notice">
      {/* A titled notification greys its text below 4.5:1 in light; the message keeps the text colour. */}
      <Text size="sm" c="var(--mantine-color-text)">
        Your account has been deleted, with its history and unused credits. Thank you for using Quorum.
      </Text>
    </CornerNotice>
  );
}
