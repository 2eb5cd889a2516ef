import { isRouteErrorResponse, Outlet } from 'react-router';
import { brand } from '../brand.ts';
import { StatusPage } from '../components/status-page.tsx';
import type { Route } from './+types/page-errors';

/**
 * A pathless layout around every page whose only job is its error boundary: a page that fails draws its error
 * inside the app's own header, main area and footer. The root's error boundary would replace the whole tree
 * under the document, which Preact rebuilds from <html> down, losing what libraries added to the head
 * (docs/decisions/0013); the root's boundary is left for failures of the root itself.
 */
export function meta({ error }: Route.MetaArgs) {
  if (!error) return [];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return [{ title: notFound ? `Lost in the mist | ${brand.name}` : `Something went wrong | ${brand.name}` }];
}

export default function PageErrors() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <StatusPage code={404} title="This path leads nowhere">
        <p>The page you seek has dissolved into the mist, or was never conjured at all.</p>
      </StatusPage>
    );
  }
  return (
    <StatusPage title="A spell went awry">
      <p>Something went wrong while preparing this page. Please try again in a moment.</p>
    </StatusPage>
  );
}
