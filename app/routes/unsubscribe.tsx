import { useSearchParams } from 'react-router';
import { UnsubscribePage } from '../features/mailing-lists/unsubscribe-page.tsx';

export function meta() {
  return [{ title: 'Unsubscribe · Deosil Perfumes' }, { name: 'robots', content: 'noindex' }];
}

export default function UnsubscribeRoute() {
  const [params] = useSearchParams();
  return <UnsubscribePage query={params} />;
}
