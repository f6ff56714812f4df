import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server (apps/server) serves the built app from apps/web/dist and the API under /api.
// In development Vite serves the app and forwards /api to that server.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Libraries change less often than the app: a few chunks that stay cached across deployments
    // (React + the router, the other libraries). The app's own code is split by route (lazy routes
    // in src/app/router.tsx), so each page loads only its own screens, with the app code several
    // pages share in one chunk. Letting Rolldown split everything per page measured worse for /main
    // (dozens of small requests, more bytes), and its entriesAware grouping broke the start-up order.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
            // Libraries only some pages use get their own chunks, so the gallery doesn't load them.
            { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/, priority: 25 },
            { name: 'stripe', test: /node_modules[\\/]@stripe[\\/]/, priority: 25 },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 20 },
            // App modules several pages share (api client, paths, shared components): one chunk.
            { name: 'shared', test: /[\\/]src[\\/]/, minShareCount: 2, priority: 10 },
          ],
        },
      },
    },
  },
});
