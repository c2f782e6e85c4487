import { Anchor, Box, Button, Container, Group, Paper, Text } from '@mantine/core';
import { useElementSize, useMergedRef } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { claimWindowBottom } from '../../layout/clear-of-ask/bottom-bar.ts';

interface CookieConsentBannerProps {
  /** Whether this deploy runs analytics at all; the question is worded to say what Accept does here. */
  analyticsConfigured: boolean;
  onAccept(): void;
  onReject(): void;
}

/**
 * The question, fixed to the bottom of the window on every page. It leaves a space of its own height at the end
 * of the page, so scrolling down still uncovers the footer's links on a phone instead of hiding them under it, and
 * tells what floats over the page (the registration invitation) to keep above it.
 */
export function CookieConsentBanner({ analyticsConfigured, onAccept, onReject }: CookieConsentBannerProps) {
  const { ref, height } = useElementSize();
  const box = useRef<HTMLElement>(null);
  const measured = useMergedRef(ref, box);
  // The measured size leaves out the padding and the border; the window loses the whole box.
  useEffect(() => claimWindowBottom(box.current?.offsetHeight ?? height), [height]);
  return (
    <>
      <Box style={{ height }} aria-hidden />
      <Paper
        ref={measured}
        component="section"
        aria-label="Cookie consent"
        data-testid="cookie-consent-banner"
        shadow="md"
        radius={0}
        py="sm"
        style={{
          position: 'fixed',
          insetInline: 0,
          bottom: 0,
          zIndex: 190,
          borderTop: '1px solid var(--mantine-color-default-border)',
        }}
      >
        <Container size="lg" px={{ base: 'sm', sm: 'md' }}>
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text size="sm" style={{ flex: '1 1 20rem' }}>
              {analyticsConfigured
                ? 'May we count visits with Google Analytics? It helps us see which pages people use. Nothing is sent unless you accept.'
                : 'Quorum sets no tracking cookies. Analytics would run only if you accept, and it is switched off on this site, so nothing is sent either way.'}{' '}
              <Anchor component={Link} to="/cookie-policy" size="sm" inherit underline="always">
                Read the cookie policy
              </Anchor>
            </Text>
            <Group gap="xs" wrap="nowrap">
              <Button variant="default" onClick={onReject} data-testid="cookie-reject">
                Reject
              </Button>
              <Button onClick={onAccept} data-testid="cookie-accept">
                Accept
              </Button>
            </Group>
          </Group>
        </Container>
      </Paper>
    </>
  );
}
