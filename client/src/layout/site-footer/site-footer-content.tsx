import { Anchor, Box, ColorSwatch, Container, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useSiteFacts } from '../../site/site-facts.ts';
import { QUICK_LINKS, SITE } from '../../site/site-info.ts';
import { SYSTEM_STATUS_TEXT, systemStatusOf, useHealthReport } from '../../app-state/health-query.ts';

// Loaded after the page: the banner floats over it, so arriving late moves nothing.
const CookieConsent = lazy(() => import('../../components/cookie-consent/cookie-consent.tsx'));

/** Asks the banner again: the choice goes back to pending. Loaded with the banner, which is already in the page. */
async function reopenCookieSettings(): Promise<void> {
  const { saveConsentChoice } = await import('../../components/cookie-consent/consent-choice.ts');
  saveConsentChoice('pending');
}

/**
 * The footer: blurb, quick links with Cookie settings, the configured social links, the support address, the
 * system-status dot, and the cookie consent banner (rendered from here because the footer is on every page).
 */
export default function SiteFooterContent() {
  const health = useHealthReport();
  const site = useSiteFacts();
  const status = SYSTEM_STATUS_TEXT[systemStatusOf(health.isPending, health.data)];

  return (
    <Box component="footer" mt="xl" py="xl" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          <Stack gap="xs">
            <Text fw={700}>{SITE.name}</Text>
            <Text size="sm" c="dimmed">
              {SITE.blurb}
            </Text>
            <Group gap="xs" data-testid="system-status" aria-live="polite">
              <ColorSwatch color={`var(--mantine-color-${status.colour}-6)`} size={10} withShadow={false} aria-hidden />
              <Text size="sm">{status.label}</Text>
            </Group>
          </Stack>
          <Stack gap={4} component="nav" aria-label="Quick links">
            <Text fw={600} size="sm">
              Quick links
            </Text>
            {QUICK_LINKS.map((link) => (
              <Anchor key={link.to} component={Link} to={link.to} size="sm">
                {link.label}
              </Anchor>
            ))}
            <Anchor component="button" type="button" size="sm" ta="left" onClick={() => void reopenCookieSettings()} data-testid="cookie-settings">
              Cookie settings
            </Anchor>
          </Stack>
          <Stack gap={4}>
            <Text fw={600} size="sm">
              Contact
            </Text>
            <Anchor href={`mailto:${site.supportEmail}`} size="sm" data-testid="footer-support-email">
              {site.supportEmail}
            </Anchor>
            {site.socialLinks.length > 0 && (
              <Group gap="sm" data-testid="footer-social-links">
                {site.socialLinks.map((link) => (
                  <Anchor key={link.label} href={link.href} target="_blank" rel="noopener noreferrer" size="sm">
                    {link.label}
                  </Anchor>
                ))}
              </Group>
            )}
          </Stack>
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt="lg">
          © {new Date().getFullYear()} {SITE.name}
        </Text>
      </Container>
      <Suspense fallback={null}>
        <CookieConsent measurementId={site.analyticsMeasurementId} />
      </Suspense>
    </Box>
  );
}
