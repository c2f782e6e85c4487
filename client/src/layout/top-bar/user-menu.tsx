import { Avatar, Badge, Group, Menu, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import type { User } from '../../api/auth-api.ts';
import { useAuth } from '../../app-state/auth-context.tsx';
import { DeleteAccountDialog } from '../../components/delete-account/delete-account-dialog.tsx';
import { TIER_LABELS } from '../../../../contract/tier-rules.ts';

const TIER_COLOURS = { registered: 'blue', subscribed: 'grape' } as const;

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}

/** The signed-in user's menu: who they are, their tier, Settings, API, Delete Account (confirmed first) and Sign Out. */
export function UserMenu({ user }: { user: User }) {
  const { logout } = useAuth();
  const [confirming, confirm] = useDisclosure(false);

  return (
    <>
      <Menu position="bottom-end" width={260} withinPortal>
        <Menu.Target>
          <UnstyledButton data-testid="user-menu">
            <Avatar color="indigo" radius="xl" size="md">
              {initials(user.name) || '?'}
            </Avatar>
            {/* The name starts with what is seen (the initials), so speech input can use the button by what it shows. */}
            <VisuallyHidden>Account menu for {user.name}</VisuallyHidden>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Stack gap={2} px="sm" py="xs">
            <Text fw={600} truncate>
              {user.name}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {user.email}
            </Text>
            <Group>
              <Badge color={TIER_COLOURS[user.tier]} variant="light" data-testid="tier-badge">
                {TIER_LABELS[user.tier]}
              </Badge>
            </Group>
          </Stack>
          <Menu.Divider />
          <Menu.Item component={Link} to="/settings" data-testid="menu-settings">
            Settings
          </Menu.Item>
          <Menu.Item component={Link} to="/developers" data-testid="menu-api">
            API
          </Menu.Item>
          <Menu.Item color="red" onClick={confirm.open}>
            Delete Account
          </Menu.Item>
          <Menu.Item onClick={() => void logout()}>Sign Out</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <DeleteAccountDialog opened={confirming} onClose={confirm.close} />
    </>
  );
}
