import { Alert, Button, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DEMO_CREDITS } from '../../../../contract/demo-credits.ts';
import { addDemoCredits, creditHistoryQueryKey } from '../../api/credit-history-api.ts';
import { useAuth } from '../../app-state/auth-context.tsx';
import { useCredits } from '../../app-state/credits-context.tsx';
import { useHealthReport } from '../../app-state/health-query.ts';
import { creditsText } from '../../catalogue/model-access.ts';

/**
 * Demo mode's way to more credits: a signed-in person adds `DEMO_CREDITS.amount` through the ledger (a few times an
 * hour), so a newcomer can try every feature with no payment set up. Shows nothing outside demo mode or signed out.
 * The count updates from the answer at once (the person's other tabs hear it over the live connection).
 */
export function AddDemoCreditsButton({ fullWidth = false }: { fullWidth?: boolean }) {
  const { user } = useAuth();
  const health = useHealthReport();
  const { setCreditsRemaining } = useCredits();
  const queryClient = useQueryClient();
  const adding = useMutation({
    mutationFn: addDemoCredits,
    onSuccess: (added) => {
      setCreditsRemaining(added.creditsRemaining);
      void queryClient.invalidateQueries({ queryKey: creditHistoryQueryKey });
    },
  });
  if (!user || !health.data?.demoMode) return null;

  return (
    <Stack gap={4} align={fullWidth ? 'stretch' : 'flex-start'}>
      <Button fullWidth={fullWidth} loading={adding.isPending} onClick={() => adding.mutate()} data-testid="add-demo-credits">
        Add demo credits
      </Button>
      <Text size="xs" c="dimmed">
        Demo mode: adds {creditsText(DEMO_CREDITS.amount)}, up to {DEMO_CREDITS.perHour} times an hour.
      </Text>
      {/* Said where the button is, for screen readers too; the count in the top bar grows at the same moment. */}
      <Text size="sm" role="status" data-testid="demo-credits-outcome">
        {adding.isSuccess ? `${creditsText(adding.data.creditsAdded)} added.` : ''}
      </Text>
      {adding.isError && (
        <Alert color="red" variant="light" role="alert" data-testid="demo-credits-error">
          {adding.error.message}
        </Alert>
      )}
    </Stack>
  );
}
