import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useCredits } from '../../app-state/credits-context.tsx';
import { usePurchaseCredits } from '../../app-state/purchase-credits-context.tsx';
import { creditsText } from '../../catalogue/model-access.ts';
import { CreditHistoryList } from '../../components/credit-history/credit-history-list.tsx';
import { AddDemoCreditsButton } from '../../components/demo-credits/add-demo-credits-button.tsx';
import { SettingsSection } from './settings-section.tsx';

/** The Settings page's credits: what can be spent now, the ways to more (buying; demo credits in demo mode), and the history. */
export function CreditsSection() {
  const { creditsRemaining } = useCredits();
  const { openPurchase } = usePurchaseCredits();
  return (
    <SettingsSection title="Credits" description="What you can spend now, how to get more, and every change to your credits." testId="settings-credits">
      <Text size="lg" fw={700} data-testid="settings-credit-count" aria-live="polite">
        {creditsRemaining === null ? 'Counting your credits…' : `${creditsText(creditsRemaining)} to spend`}
      </Text>
      <Group align="flex-start" gap="md">
        <Button variant="default" onClick={() => openPurchase()} data-testid="settings-buy-credits">
          Buy Credits
        </Button>
        <AddDemoCreditsButton />
      </Group>
      <Stack gap="xs">
        <Title order={3} size="h5">
          History of credits
        </Title>
        <CreditHistoryList />
      </Stack>
    </SettingsSection>
  );
}
