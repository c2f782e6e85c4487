import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Resolved from this file rather than the working directory, so the build lands in the same place whether Vite is
// started from the repository root, a script, or a test harness.
const projectDirectory = fileURLToPath(new URL('.', import.meta.url));
const clientDirectory = fileURLToPath(new URL('./client', import.meta.url));
const clientBuildDirectory = fileURLToPath(new URL('./dist/client', import.meta.url));

export default defineConfig({
  root: clientDirectory,
  plugins: [react()],
  css: {
    // The PostCSS config sits at the repository root, outside `root`; point Vite at it explicitly.
    postcss: projectDirectory,
  },
  build: {
    outDir: clientBuildDirectory,
    // The output directory is outside `root`, where Vite refuses to clear it unless told to.
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React and TanStack in chunks of their own keep their file names across deploys of app code, so returning
          // browsers keep them cached. The Mantine components the first paint needs travel together in one chunk
          // (`$initial`: statically reachable from the entry); left to the splitter, every component a lazy page
          // also uses became a file of its own on the first paint, and many small files compress worse than one.
          // Components only lazily loaded parts use (menus, modals, the brand form) still travel with those parts.
          // The markdown libraries stay in the lazily loaded answer renderer's chunk.
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/]/, tags: ['$initial'] },
            // Our own modules the first paint needs, likewise in one chunk: a lazy page that also uses one of them (the
            // request runner, the auth or credits state) would otherwise split it off the entry into a file of its own.
            { name: 'app', test: /[\\/](client[\\/]src|contract)[\\/]/, tags: ['$initial'] },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      // Vite's proxy pipes the upstream response straight through without buffering or compressing it, so
      // server-sent events reach the browser as they are written, and it closes the upstream request when the
      // browser disconnects, so an abandoned stream stops on the server too. Keep it that way: no
      // `selfHandleResponse`, no compression middleware in front of `/api`, and no `proxyTimeout` (a long
      // answer can stream for minutes).
      '/api': {
        target: 'http://127.0.0.1:3000',
      },
    },
  },
});
