import { Anchor, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../../layout/use-page-title.ts';
import { useSiteFacts } from '../../site/site-facts.ts';
import { SupportFaq } from './support-faq.tsx';
import { SupportForm } from './support-form.tsx';

/** Help & Support: the contact form, the address to write to directly, and answers to the common questions. */
export function HelpSupportPage() {
  usePageTitle('Help & Support');
  const { supportEmail } = useSiteFacts();
  return (
    <Stack gap="xl" data-testid="help-support-page">
      <Stack gap={6}>
        <Title order={1} size="h2">
          Help &amp; Support
        </Title>
        <Text c="dimmed" maw={640}>
          Something not working, a question about credits, or an idea for Quorum? Tell us below and we will get back to you by
          email.
        </Text>
      </Stack>
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <SupportForm />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder radius="md" p="lg" component="aside" aria-labelledby="support-contact-heading">
            <Stack gap="xs">
              <Text component="h2" id="support-contact-heading" fw={600} size="lg">
                Other ways to reach us
              </Text>
              <Text size="sm">Prefer your own mail app? Write to us at</Text>
              <Anchor href={`mailto:${supportEmail}`} underline="always" size="sm" fw={500} data-testid="support-address">
                {supportEmail}
              </Anchor>
              <Text size="sm" c="dimmed">
                We answer every request within 24 hours. Include the question you asked and the models you chose if an answer
                went wrong: it helps us find it.
              </Text>
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
      <SupportFaq />
    </Stack>
  );
}

export default HelpSupportPage;
