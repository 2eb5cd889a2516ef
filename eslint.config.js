import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['build/', 'node_modules/', '.react-router/', 'test-results/', 'playwright-report/', 'data/'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver': { typescript: { alwaysTryTypes: true } },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-cycle': 'error',
      // Toasts go through app/lib/toast.ts, which mounts the Toaster on the first one (docs/decisions/0015).
      'no-restricted-imports': ['error', { paths: [{ name: 'react-hot-toast', message: "Use the shop's app/lib/toast.ts." }] }],
      // Imports run one way: domain <- contracts <- server; the app may use domain and contracts, never server.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './domain', from: ['./contracts', './server', './app', './tests'], message: 'domain/ is pure rules: no I/O, no outer layers.' },
            { target: './contracts', from: ['./server', './app'], message: 'contracts/ may only use domain/.' },
            { target: './app', from: './server', message: 'The browser app never imports server code; go through contracts/ or the API.' },
            { target: './server', from: './app', message: 'The server reaches pages only through the React Router build.' },
          ],
        },
      ],
    },
  },
  {
    files: ['app/lib/toast.ts', 'app/components/deferred-toaster.tsx'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
