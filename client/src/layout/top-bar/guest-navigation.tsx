import { Anchor, Burger, Group, Menu } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';

/**
 * The pages a signed-out visitor can open, which signed-in people reach from their sidebar: the arena (whose page
 * asks a guest to sign in to play and leads to the leaderboard), the public leaderboard, the models with their figures, pricing and help.
 */
const GUEST_PAGES = [
  { to: '/arena', label: 'Blind arena' },
  { to: '/leaderboard', label: 'Leaderboard' },
  { to: '/models', label: 'Models' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/help-support', label: 'Help & Support' },
] as const;

/**
 * A guest's navigation in the top bar: links beside the logo on a wide screen, a menu behind a button on a narrow
 * one, where the sign-in buttons need the room. Loaded after the first paint; it sits right of the logo, so
 * arriving late moves nothing.
 */
export default function GuestNavigation() {
  const [menuOpened, setMenuOpened] = useState(false);
  return (
    <div data-testid="guest-navigation">
      <Group component="nav" aria-label="Main" gap="md" wrap="nowrap" visibleFrom="md">
        {GUEST_PAGES.map((page) => (
          <Anchor key={page.to} component={Link} to={page.to} c="var(--mantine-color-text)" size="sm" fw={500} activeProps={{ style: { textDecoration: 'underline' } }}>
            {page.label}
          </Anchor>
        ))}
      </Group>
      {/* No focus placeholder: inside role="menu" it is a child that is not a menu item, which screen readers trip on. */}
      <Menu position="bottom-start" width={220} withinPortal opened={menuOpened} onChange={setMenuOpened} withInitialFocusPlaceholder={false}>
        <Menu.Target>
          <Burger size="sm" hiddenFrom="md" opened={menuOpened} aria-label="Open navigation" />
        </Menu.Target>
        <Menu.Dropdown>
          {GUEST_PAGES.map((page) => (
            <Menu.Item key={page.to} component={Link} to={page.to}>
              {page.label}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </div>
  );
}
