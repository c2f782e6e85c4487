import { Anchor, AppShell, Container, Group, Stack } from '@mantine/core';
import { Link, Outlet } from '@tanstack/react-router';
import { DemoBanner } from '../../components/demo-banner/demo-banner.tsx';

const HEADER_HEIGHT = 56;

/** The frame around every page: the Quorum header, the demo-mode notice, and the page itself. */
export function RootLayout() {
  return (
    <AppShell header={{ height: HEADER_HEIGHT }}>
      <AppShell.Header>
        <Container size="md" h="100%">
          <Group h="100%">
            <Anchor component={Link} to="/" underline="never" c="inherit" fw={700} fz="xl">
              Quorum
            </Anchor>
          </Group>
        </Container>
      </AppShell.Header>
      <AppShell.Main>
        <Container size="md" py="lg">
          <Stack gap="lg">
            <DemoBanner />
            <Outlet />
          </Stack>
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
