import { Box, Button, Divider, ScrollArea } from '@mantine/core';
import { usePurchaseCredits } from '../../app-state/purchase-credits-context.tsx';
import { RecentRequests } from './recent-requests.tsx';
import { SidebarNavigation } from './sidebar-navigation.tsx';

/**
 * The signed-in user's sidebar: navigation, Buy Credits, then Recent Requests, which scrolls on
 * its own so a long history never pushes the navigation away. Below md it is the burger's drawer; `onNavigate`
 * closes that drawer after any navigation.
 */
export function AppSidebar({ onNavigate }: { onNavigate(): void }) {
  const { openPurchase } = usePurchaseCredits();
  return (
    // A column filling the navbar, so the history section can take the remaining height and scroll inside it.
    <Box data-testid="sidebar" style={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}>
      <Box p="sm">
        <SidebarNavigation onNavigate={onNavigate} />
        <Button
          onClick={() => {
            onNavigate();
            openPurchase();
          }}
          fullWidth
          mt="sm"
          data-testid="buy-credits"
        >
          Buy Credits
        </Button>
      </Box>
      <Divider />
      <ScrollArea type="auto" py="sm" px="xs" style={{ flexGrow: 1 }} data-testid="sidebar-history">
        <RecentRequests onNavigate={onNavigate} />
      </ScrollArea>
    </Box>
  );
}
