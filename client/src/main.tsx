import '@mantine/core/styles.css';
import './theme/global.css';
import { MantineProvider } from '@mantine/core';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app-state/app-providers.tsx';
import { createAppRouter } from './router.tsx';
import { theme } from './theme/theme.ts';

const router = createAppRouter();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element to render into');

createRoot(container).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="auto">
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </MantineProvider>
  </StrictMode>,
);
