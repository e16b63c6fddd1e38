import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'src/web',
  publicDir: fileURLToPath(new URL('./src/web/public', import.meta.url)),
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    // WEB_OUT_DIR lets parallel builds (e.g. several test runs) not overwrite each other.
    outDir: process.env.WEB_OUT_DIR ?? fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // the back office, and the customer's page of a quote (/o/<token>: its own small entry)
      input: {
        main: fileURLToPath(new URL('./src/web/index.html', import.meta.url)),
        publico: fileURLToPath(new URL('./src/web/o.html', import.meta.url)),
      },
      output: {
        codeSplitting: {
          // recharts and its own dependencies are one ~106 KB (gzip) chunk, over the 100 KB budget of
          // scripts/check-bundle.mjs: its d3/redux dependencies go to a chunk of their own, loaded with
          // it (only by the lazily loaded charts). Not recursive, so React stays where it is.
          includeDependenciesRecursively: false,
          groups: [
            {
              // its own chunk: the tables (react-table) and the charts (react-redux) both use it, and
              // inside charts-vendor it made every list screen load all of d3
              name: 'sync-store',
              test: /node_modules[\\/]use-sync-external-store[\\/]/,
            },
            {
              name: 'charts-vendor',
              test: /node_modules[\\/](d3-[^\\/]+|victory-vendor|internmap|@reduxjs|redux|redux-thunk|react-redux|immer|reselect|decimal\.js-light|eventemitter3)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { '/api': { target: `http://localhost:${process.env.PORT ?? 3000}`, changeOrigin: false } },
  },
});
