import { NavLink, Stack, Tooltip } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';

const LINKS = [
  { to: '/', label: 'Dashboard' },
  { to: '/brand-mentions', label: 'Brand mentions' },
  { to: '/tracking', label: 'Tracking' },
  { to: '/arena', label: 'Blind arena' },
  { to: '/leaderboard', label: 'Leaderboard' },
] as const;

const LATER_LINKS = [{ to: '/help-support', label: 'Help & Support' }] as const;

/**
 * The sidebar's items. Settings goes nowhere yet: it stays in its place so the menu reads as designed
 * describes, but looks and announces itself as unavailable instead of being a link that does nothing.
 */
export function SidebarNavigation({ onNavigate }: { onNavigate(): void }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const link = ({ to, label }: { to: string; label: string }) => (
    <NavLink key={to} component={Link} to={to} label={label} active={pathname === to} onClick={onNavigate} />
  );

  return (
    <Stack gap={2} component="nav" aria-label="Main">
      {LINKS.map(link)}
      <Tooltip label="Settings — coming soon" position="right" withArrow>
        <NavLink
          component="button"
          type="button"
          label="Settings"
          description="Coming soon"
          aria-disabled="true"
          data-testid="settings-item"
          // Focusable (so the tooltip can be read from the keyboard) but inert.
          onClick={(event) => event.preventDefault()}
          style={{ opacity: 0.55, cursor: 'not-allowed' }}
        />
      </Tooltip>
      {LATER_LINKS.map(link)}
    </Stack>
  );
}
