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
    // Libraries change less often than the app: separate chunks stay cached across deployments.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
            { name: 'mantine', test: /node_modules[\\/](@mantine|@floating-ui|react-transition-group|react-remove-scroll[^\\/]*|react-number-format|react-textarea-autosize|use-callback-ref|use-sidecar|tslib|get-nonce|react-style-singleton|clsx|detect-node-es)[\\/]/, priority: 20 },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
});
