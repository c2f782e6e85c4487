import { Button, Text } from '@mantine/core';
import { REGISTERED_GRANT } from '../../../../contract/limits.ts';
import { useAuth } from '../../app-state/auth-context.tsx';
import { accountDeletedHere } from '../../app-state/deleted-account-memory.ts';
import { useAuthModal } from '../../app-state/auth-modal-context.tsx';
import { useCredits } from '../../app-state/credits-context.tsx';
import { usePurchaseCredits } from '../../app-state/purchase-credits-context.tsx';

/**
 * The way out of "not enough credits", right where it is said: a signed-in person can buy credits; a guest cannot
 * buy, but registering brings its own free credits (not promised where an account was deleted: its address had them).
 */
export function BuyCreditsAction({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const { user } = useAuth();
  const { openPurchase } = usePurchaseCredits();
  const authModal = useAuthModal();
  const { freeCreditsUsedBefore } = useCredits();
  return user ? (
    <>
      {freeCreditsUsedBefore && (
        <Text size="xs" data-testid="free-credits-used-before">
          Free credits come once per email address, and this one had them on an earlier account.
        </Text>
      )}
      <Button size={size} variant="light" onClick={() => openPurchase()} data-testid="insufficient-buy-credits">
        Buy Credits
      </Button>
    </>
  ) : (
    <Button size={size} variant="light" onClick={() => authModal.open('register')} data-testid="insufficient-register">
      {accountDeletedHere() ? 'Sign Up' : `Register for ${REGISTERED_GRANT} free credits`}
    </Button>
  );
}
