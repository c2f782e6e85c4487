import { Text } from '@mantine/core';
import { useAuth } from '../../app-state/auth-context.tsx';
import { CornerNotice } from './corner-notice.tsx';

/** Confirms, after the page has signed itself out, that the account is gone: the same corner as the expiry notice. */
export function AccountDeletedNotice() {
  const { dismissAccountDeleted } = useAuth();
  return (
    <CornerNotice color="teal" title="Account deleted" onClose={dismissAccountDeleted} role="status" testId="account-deleted-notice">
      <Text size="sm">
        Your account has been deleted, with its history and unused credits. Thank you for using Quorum.
      </Text>
    </CornerNotice>
  );
}
