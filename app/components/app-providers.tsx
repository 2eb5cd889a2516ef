import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { DeferredToaster } from './deferred-toaster.tsx';

/** Browser-side server state (TanStack Query) and toasts, once for the whole app. */
export function AppProviders({ children }: { children: ReactNode }) {
  // One client per app instance: on the server a module-level client would share cache between visitors.
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } } }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <DeferredToaster
        position="top-center"
        toastOptions={{
          style: { background: '#1a1026', color: '#e9e1f5', border: '1px solid #2a1a3d' },
          success: { duration: 2000, iconTheme: { primary: '#d9b45a', secondary: '#07040c' } },
          error: { duration: 4000 },
        }}
      />
    </QueryClientProvider>
  );
}
