import '@mantine/core/styles.css';
import './theme/global.css';
import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app-state/app-providers.tsx';
import { createAppRouter } from './router.tsx';
import { storageKeys } from './storage/local-storage.ts';
import { theme } from './theme/theme.ts';

const router = createAppRouter();
// The theme choice under the product's own key, like every other key the cookie policy lists.
const colorSchemeManager = localStorageColorSchemeManager({ key: storageKeys.colorScheme });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element to render into');

createRoot(container).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="auto" colorSchemeManager={colorSchemeManager}>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </MantineProvider>
  </StrictMode>,
);
