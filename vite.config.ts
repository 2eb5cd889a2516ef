import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { asciiServerBuild } from './scripts/vite-ascii-server.ts';
import { precompress } from './scripts/vite-precompress.ts';
import { shellChunk } from './scripts/vite-shell-chunk.ts';

// The shop is written against React's API and runs on Preact's compatibility layer, in the browser and on the
// server alike, so the first download stays inside the page budget (docs/decisions/0013).
const reactOnPreact = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  // CommonJS that requires React directly; see the module for why it is replaced rather than aliased.
  // React Router's package exports resolve to its development build whatever the mode (remix-run/react-router#14102),
  // which keeps its developer warnings, and the checks around them, in every render. Its production build is the
  // same code with them switched off.
  { find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
  { find: /^react-router\/dom$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)) },
  {
    find: /^use-sync-external-store\/(shim\/)?with-selector(\.js)?$/,
    replacement: fileURLToPath(new URL('./app/lib/use-sync-external-store-with-selector.ts', import.meta.url)),
  },
];

// Node would load the real React for a package left external on the server, so every package that imports
// React goes through Vite, and with it through the aliases, there too.
const importsReact = ['react-router', '@tanstack/react-query', 'react-hook-form', 'react-hot-toast', 'zustand', 'recharts', 'react-redux', '@reduxjs/toolkit'];

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), shellChunk(new URL('./app/root.tsx', import.meta.url)), precompress(), asciiServerBuild()],
  resolve: { alias: reactOnPreact },
  ssr: { noExternal: importsReact },
  build: { assetsInlineLimit: 0 },
});
