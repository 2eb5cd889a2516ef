import type { ReactNode } from 'react';
import { useAuth } from './auth-store.ts';

/** What a signed-out visitor is told; pages with their own words in the spec pass them (checkout, order tracking). */
export interface SignInPrompt {
  title: string;
  message: string;
  action: string;
}

const GENERIC_PROMPT: SignInPrompt = { title: 'Authentication Required', message: 'Please log in to access this page.', action: 'Go to Login' };

/**
 * Wrap the content of /profile, /orders, /orders/track, /orders/:id and /checkout: it shows only to a signed-in
 * customer. `title` names the page while the session is still being read (as the server sends it), for screen
 * readers and the document outline.
 */
export function RequireCustomer({ children, prompt = GENERIC_PROMPT, title }: { children: ReactNode; prompt?: SignInPrompt; title: string }) {
  const { status, user, openDialog } = useAuth();
  if (status === 'loading') {
    return (
      <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 text-ash">
        <h1 className="sr-only">{title}</h1>
        <span aria-hidden="true" className="h-10 w-10 animate-spin rounded-full border-2 border-shadow border-t-gold" />
        <span role="status">Loading...</span>
      </div>
    );
  }
  if (!user) {
    return (
      <section className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 px-4 text-center">
        <span aria-hidden="true" className="text-4xl text-gold">
          ☾
        </span>
        <h1 className="text-2xl text-gold-bright">{prompt.title}</h1>
        <p className="text-ash">{prompt.message}</p>
        <button type="button" className="btn-gold" onClick={() => openDialog('login')}>
          {prompt.action}
        </button>
        {/* A first-time shopper can come in without ever choosing a password; the cart stays as it is. */}
        <p className="text-sm text-ash">or, without a password:</p>
        <div className="flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
          <button type="button" className="btn-ghost py-2.5 sm:px-5" onClick={() => openDialog('code')}>
            Text Me a Code
          </button>
          <button type="button" className="btn-ghost py-2.5 sm:px-5" onClick={() => openDialog('link')}>
            Email Me a Sign-in Link
          </button>
        </div>
      </section>
    );
  }
  return <>{children}</>;
}
