import { Avatar, Badge, Button, Group, Menu, Modal, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { User } from '../../api/auth-api.ts';
import { messageOf } from '../../api/http-client.ts';
import { useAuth } from '../../app-state/auth-context.tsx';

const TIER_LABELS = { registered: 'Registered', subscribed: 'Subscribed' } as const;
const TIER_COLOURS = { registered: 'blue', subscribed: 'grape' } as const;

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}

/** The signed-in user's menu: who they are, their tier, Delete Account (confirmed first) and Sign Out. */
export function UserMenu({ user }: { user: User }) {
  const { logout, deleteAccount } = useAuth();
  const [confirming, confirm] = useDisclosure(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const handleDelete = async () => {
    setDeleting(true);
    setDeleteError(null);
    try {
      await deleteAccount();
      confirm.close();
    } catch (error) {
      setDeleteError(messageOf(error, 'An error occurred while deleting your account'));
    } finally {
      setDeleting(false);
    }
  };

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
          <Menu.Item component={Link} to="/developers" data-testid="menu-api">
            API
          </Menu.Item>
          <Menu.Item color="red" onClick={confirm.open}>
            Delete Account
          </Menu.Item>
          <Menu.Item onClick={() => void logout()}>Sign Out</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal opened={confirming} onClose={confirm.close} title="Delete your account?" centered>
        <Stack>
          <Text size="sm">
            Your account, its history and its unused credits will be deleted for good. Credits are not refunded.
          </Text>
          {deleteError && (
            <Text c="red" size="sm" role="alert">
              {deleteError}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={confirm.close}>
              Cancel
            </Button>
            <Button color="red" loading={deleting} onClick={() => void handleDelete()}>
              Delete Account
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
