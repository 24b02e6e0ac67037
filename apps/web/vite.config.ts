import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2022',
    // The scanner's zxing .wasm is emitted as a file (self-hosted, never from a CDN).
    assetsInlineLimit: (file) => (file.endsWith('.wasm') ? false : undefined),
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/healthz': 'http://127.0.0.1:3000' },
  },
});
