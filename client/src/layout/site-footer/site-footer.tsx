import { Anchor, Box, ColorSwatch, Container, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { QUICK_LINKS, SITE } from '../../site/site-info.ts';
import { SYSTEM_STATUS_TEXT, systemStatusOf, useHealthReport } from '../../app-state/health-query.ts';

/** Spec section 2's footer: blurb, quick links, social links, the support address and the system-status dot. */
export function SiteFooter() {
  const health = useHealthReport();
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
          </Stack>
          <Stack gap={4}>
            <Text fw={600} size="sm">
              Contact
            </Text>
            <Anchor href={`mailto:${SITE.supportEmail}`} size="sm">
              {SITE.supportEmail}
            </Anchor>
            <Group gap="sm">
              {SITE.social.map((link) => (
                <Anchor key={link.label} href={link.href} target="_blank" rel="noopener noreferrer" size="sm">
                  {link.label}
                </Anchor>
              ))}
            </Group>
          </Stack>
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt="lg">
          © {new Date().getFullYear()} {SITE.name}
        </Text>
      </Container>
    </Box>
  );
}
