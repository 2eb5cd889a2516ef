import { useSearchParams } from 'react-router';
import { NewsletterConfirm } from '../features/newsletter/newsletter-confirm.tsx';

export function meta() {
  return [{ title: 'Confirm your subscription · Deosil Perfumes' }, { name: 'robots', content: 'noindex' }];
}

export default function NewsletterConfirmRoute() {
  const [params] = useSearchParams();
  return <NewsletterConfirm token={params.get('token')} />;
}
