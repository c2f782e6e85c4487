import { Anchor, Card, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../layout/use-page-title.ts';

export interface LegalSection {
  /** The anchor the table of contents links to. */
  id: string;
  heading: string;
  body: ReactNode;
}

interface LegalDocumentProps {
  title: string;
  /** ISO date (YYYY-MM-DD) of the last change to the text. */
  lastUpdated: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}

/** `2025-01-31` reads "31 January 2025"; a month alone (`2025-01`) reads "January 2025", as a policy may state it. */
const formatDate = (isoDate: string) => {
  const monthOnly = /^\d{4}-\d{2}$/.test(isoDate);
  return new Date(`${monthOnly ? `${isoDate}-01` : isoDate}T00:00:00Z`).toLocaleDateString('en-GB', {
    ...(monthOnly ? {} : { day: 'numeric' as const }),
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
};

/** The frame every legal text shares: title, last-updated date, a numbered table of contents, numbered sections. */
export function LegalDocument({ title, lastUpdated, intro, sections }: LegalDocumentProps) {
  usePageTitle(title);
  return (
    <Stack component="article" gap="lg" pb="xl" maw={820}>
      <Stack gap={4}>
        <Title order={1}>{title}</Title>
        <Text size="sm" c="dimmed" data-testid="last-updated">
          Last updated: <time dateTime={lastUpdated}>{formatDate(lastUpdated)}</time>
        </Text>
      </Stack>
      <div>{intro}</div>
      <Card component="nav" aria-labelledby="legal-contents" withBorder radius="md" padding="md">
        <Text fw={600} id="legal-contents" mb="xs">
          Contents
        </Text>
        <List type="ordered" size="sm" spacing={2}>
          {sections.map((section) => (
            <List.Item key={section.id}>
              <Anchor href={`#${section.id}`} size="sm">
                {section.heading}
              </Anchor>
            </List.Item>
          ))}
        </List>
      </Card>
      {sections.map((section, index) => (
        // The fixed top bar would otherwise cover a heading reached from the table of contents.
        <Stack key={section.id} component="section" gap="xs" id={section.id} aria-labelledby={`${section.id}-heading`} style={{ scrollMarginTop: 80 }} data-testid="legal-section">
          <Title order={2} size="h4" id={`${section.id}-heading`}>
            {index + 1}. {section.heading}
          </Title>
          <Stack gap="xs" fz="sm" lh={1.6}>
            {section.body}
          </Stack>
        </Stack>
      ))}
    </Stack>
  );
}

/** One paragraph of a legal text. */
export function Paragraph({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" lh={1.6}>
      {children}
    </Text>
  );
}

/** A bulleted list inside a legal text. */
export function Points({ items }: { items: readonly ReactNode[] }) {
  return (
    <List size="sm" spacing={4} lh={1.6}>
      {items.map((item, index) => (
        <List.Item key={index}>{item}</List.Item>
      ))}
    </List>
  );
}

/** A mailbox as a link. */
export function MailLink({ address }: { address: string }) {
  return <Anchor href={`mailto:${address}`} size="sm" underline="always">{address}</Anchor>;
}
