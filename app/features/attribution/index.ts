// Where a visit came from (campaign or site), kept for the order: what the app shell uses of it.
export { useVisitSource } from './visit-source.ts';
