import { data } from 'react-router';

/** Any path without a page: the pages' error boundary (page-errors.tsx) draws the themed 404, with a real 404 status. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
