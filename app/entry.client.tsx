import { StrictMode, Suspense } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

/** Puts `element` in place as the document's root element, replacing whichever <html> is there now. */
function placeDocumentElement(element: Node): Node {
  const current = document.documentElement;
  if (current === element) return element;
  if (current) document.replaceChild(element, current);
  else document.appendChild(element);
  return element;
}

// The app renders the whole document, <html> included. Preact hydrates a container's children and takes
// `document` to mean <html>'s own children, so it gets a stand-in container whose only child is the <html>
// the server sent. A new <html> (React Router swapping the root error page for the app) replaces the old one.
const documentShell = {
  childNodes: [document.documentElement],
  firstChild: document.documentElement,
  insertBefore: placeDocumentElement,
  appendChild: placeDocumentElement,
};

// React Router suspends the first render until it has decoded the data the server sent with the page. React
// waits at the root for that; Preact needs a Suspense boundary to wait at, and keeps the server's HTML meanwhile.
// Hydration starts in a task of its own, after the one that evaluated the modules, so neither blocks a phone for
// long (docs/decisions/0015); the page itself then comes to life in turns (app/lib/hydrate-in-turn.tsx).
setTimeout(() => {
  hydrateRoot(
    documentShell as unknown as Document,
    <StrictMode>
      <Suspense>
        <HydratedRouter />
      </Suspense>
    </StrictMode>,
  );
}, 0);
