import { NavLink, Stack } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';

const LINKS = [
  { to: '/', label: 'Dashboard' },
  { to: '/brand-mentions', label: 'Brand mentions' },
  { to: '/tracking', label: 'Tracking' },
  { to: '/arena', label: 'Blind arena' },
  { to: '/leaderboard', label: 'Leaderboard' },
  { to: '/models', label: 'Models' },
  { to: '/settings', label: 'Settings' },
  { to: '/help-support', label: 'Help & Support' },
] as const;

/** The sidebar's items, in the order the product describes them. */
export function SidebarNavigation({ onNavigate }: { onNavigate(): void }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const link = ({ to, label }: { to: string; label: string }) => (
    <NavLink key={to} component={Link} to={to} label={label} active={pathname === to} onClick={onNavigate} />
  );

  return (
    <Stack gap={2} component="nav" aria-label="Main">
      {LINKS.map(link)}
    </Stack>
  );
}
