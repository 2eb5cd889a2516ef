import { readdirSync } from 'node:fs';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Each folder under app/features/ is a feature; another feature may import it only through its public entries
 * (as bulletproof-react's feature zones): index.ts, what the feature offers, and lazy.ts, what it offers to be
 * loaded on demand (kept apart so that importing index.ts never pulls an on-demand part into a first download).
 */
const features = readdirSync(new URL('./app/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = features.map((name) => ({
  target: `./app/features/${name}`,
  from: './app/features',
  except: [`./${name}`, ...features.filter((other) => other !== name).flatMap((other) => [`./${other}/index.ts`, `./${other}/lazy.ts`])],
  message: `${name} may reach another feature only through that feature's public entries (app/features/<other>/index.ts, or lazy.ts for parts loaded on demand): export what is needed there.`,
}));

export default tseslint.config(
  { ignores: ['build/', 'dist/', 'node_modules/', '.react-router/', 'test-results/', 'playwright-report/', 'data/'] },
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
            ...featureZones,
          ],
        },
      ],
    },
  },
  {
    // Services speak the domain: they throw a Refusal (domain/refusal.ts), and only server/http/errors.ts maps it
    // to a status code. The services not named *-service.ts are listed by name.
    files: [
      'server/modules/**/*-service.ts',
      'server/modules/accounts/account-links.ts',
      'server/modules/accounts/email-ownership.ts',
      'server/modules/invoices/tax-documents.ts',
      'server/modules/mail/email-log.ts',
      'server/modules/reviews/review-figures.ts',
      'server/modules/stock-waitlist/stock-waitlist.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'react-hot-toast', message: "Use the shop's app/lib/toast.ts." }],
          patterns: [{ group: ['**/http/errors*'], importNames: ['HttpError', 'notFound'], message: 'Services throw a Refusal (domain/refusal.ts); server/http maps it to HTTP.' }],
        },
      ],
    },
  },
  {
    files: ['app/lib/toast.ts', 'app/components/deferred-toaster.tsx'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Routes are shells, as on the storefront: a loader, meta and the feature's page. Queries, mutations and API
    // calls live in the feature's hooks (app/features/<area>/use-<area>-admin.ts and the like).
    files: ['app/routes/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react-hot-toast', message: "Use the shop's app/lib/toast.ts." },
            { name: '@tanstack/react-query', message: 'Routes are shells: put queries and mutations in the feature hook (app/features/<area>/).' },
          ],
          patterns: [
            { group: ['**/lib/api-client*'], message: 'Routes are shells: API calls belong in the feature hook (app/features/<area>/).' },
            { group: ['**/admin-session*'], importNames: ['adminApi'], message: 'Routes are shells: admin API calls belong in the feature hook (app/features/admin-<area>/).' },
          ],
        },
      ],
    },
  },
);
