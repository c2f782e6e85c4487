import { Accordion, Stack, Text, Title } from '@mantine/core';
import { useCatalogue } from '../../app-state/catalogue-context.tsx';
import { faqEntries, faqStructuredData } from './faq-entries.ts';

/**
 * Frequently asked questions, and the same as JSON-LD for search engines. A script of type application/ld+json is
 * data the browser never runs, so the content security policy has nothing to refuse.
 */
export function SupportFaq() {
  const { catalogue } = useCatalogue();
  const entries = faqEntries(catalogue);
  return (
    <Stack gap="sm" component="section" aria-labelledby="support-faq-heading" data-testid="support-faq">
      <Title order={2} size="h3" id="support-faq-heading">
        Frequently asked questions
      </Title>
      <Accordion variant="separated" radius="md" multiple>
        {entries.map((entry, index) => (
          // Mantine builds element ids from the value, and an id with spaces breaks aria-controls.
          <Accordion.Item key={entry.question} value={`question-${index + 1}`}>
            <Accordion.Control>{entry.question}</Accordion.Control>
            <Accordion.Panel>
              <Text size="sm">{entry.answer}</Text>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      <script type="application/ld+json" data-testid="support-faq-structured-data">
        {faqStructuredData(entries)}
      </script>
    </Stack>
  );
}
