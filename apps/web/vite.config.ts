import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { precompressAssets } from './precompress-plugin';
import { preloadCriticalFont } from './preload-font-plugin';

export default defineConfig({
  plugins: [react(), tailwindcss(), preloadCriticalFont(), precompressAssets()],
  resolve: {
    alias: { '@': path.resolve(import.meta.dirname, 'src') },
    // The shared contract is read from its TypeScript source (packages/contract/README.md).
    conditions: ['sayso-source', ...defaultClientConditions],
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
});
