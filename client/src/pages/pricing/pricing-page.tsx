import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useCatalogue } from '../../app-state/catalogue-context.tsx';
import { usePurchaseCredits } from '../../app-state/purchase-credits-context.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';
import { CreditPurchase } from './credit-purchase.tsx';
import { ModelCosts } from './model-costs.tsx';
import { LongConversations } from './long-conversations.tsx';
import { AttachmentPrices } from './attachment-prices.tsx';
import { AdditionalFeatures, ImportantNotes, ModelTiersExplained, PricingTiersLegend } from './pricing-explanations.tsx';
import { TierCards } from './tier-cards.tsx';

function PricingSection({ id, title, intro, children }: { id: string; title: string; intro?: string; children: ReactNode }) {
  return (
    <Stack component="section" gap="sm" aria-labelledby={id}>
      <Title order={2} size="h3" id={id}>
        {title}
      </Title>
      {intro && <Text c="dimmed">{intro}</Text>}
      {children}
    </Stack>
  );
}

/** What things cost and who may do what: tiers, buying credits, every model's price, extras and the charging rules. */
export default function PricingPage() {
  usePageTitle('Pricing');
  const { catalogue, loading, error } = useCatalogue();
  // Purchase opens the Purchase Credits dialog at the amount chosen here; the dialog loads the packages.
  const { openPurchase } = usePurchaseCredits();

  const freeModelCount = catalogue ? Object.values(catalogue.models).flatMap((engine) => engine.models.filter((model) => model.freeTier)).length : null;
  const catalogueMissing = loading ? (
    <Loader size="sm" aria-label="Loading prices" />
  ) : (
    <Alert color="red" variant="light">
      {error ?? 'Prices could not be loaded.'} Reload the page to try again.
    </Alert>
  );

  return (
    <Stack gap="xl" pb="xl">
      <Stack gap="xs">
        <Title order={1}>Pricing</Title>
        <Text c="dimmed" maw={720}>
          Quorum runs on credits. Each model has a price per answer, you pay only for answers that finish, and the
          credits you have never expire.
        </Text>
      </Stack>

      <PricingSection id="pricing-access" title="Access by User Tier">
        <TierCards freeModelCount={freeModelCount} />
      </PricingSection>

      <PricingSection id="pricing-purchase" title="Purchase Credits" intro="Pick an amount with the slider or one of the common amounts.">
        <CreditPurchase onPurchase={openPurchase} />
      </PricingSection>

      <PricingSection id="pricing-tiers" title="Pricing Tiers" intro="Every model falls into one of three bands by its price per answer.">
        <PricingTiersLegend />
      </PricingSection>

      <PricingSection id="pricing-models" title="AI Model Costs" intro="The price of one answer from each model, grouped by provider.">
        {catalogue ? <ModelCosts catalogue={catalogue} /> : catalogueMissing}
      </PricingSection>

      <PricingSection id="pricing-features" title="Additional Features">
        {catalogue ? <AdditionalFeatures catalogue={catalogue} /> : catalogueMissing}
      </PricingSection>

      <PricingSection
        id="pricing-long-conversations"
        title="Long Conversations"
        intro="A follow-up sends the model the whole conversation so far, and a longer conversation costs more to answer."
      >
        <LongConversations catalogue={catalogue} />
      </PricingSection>

      <PricingSection id="pricing-attachments" title="Attached Files" intro="Images and documents attached to a question are priced per model that reads them.">
        <AttachmentPrices />
      </PricingSection>

      <PricingSection id="pricing-bands" title="Model Tiers Explained">
        <ModelTiersExplained />
      </PricingSection>

      <PricingSection id="pricing-notes" title="Important Notes">
        {catalogue ? <ImportantNotes catalogue={catalogue} /> : catalogueMissing}
      </PricingSection>
    </Stack>
  );
}
