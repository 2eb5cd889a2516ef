import { useState } from 'react';
import type { ContactMessagesResponse, NewsletterSubscribersResponse } from '../../../contracts/admin-messages.ts';
import { useAdminList } from '../admin/index.ts';
import { downloadAdminFile } from '../admin-products/index.ts';
import toast from '../../lib/toast.ts';

/** The newest contact messages and newsletter subscribers, and the CSV export of every subscriber. */
export function useMessagesAdmin() {
  const messages = useAdminList<ContactMessagesResponse>('contact-messages', '/admin/contact-messages', { limit: 100 });
  const subscribers = useAdminList<NewsletterSubscribersResponse>('newsletter-subscribers', '/admin/newsletter-subscribers', { limit: 100 });
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadAdminFile('/admin/newsletter-subscribers.csv', 'newsletter-subscribers.csv');
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Export failed');
    } finally {
      setExporting(false);
    }
  }

  return { messages, subscribers, exporting, exportCsv };
}
