import { useState } from 'react';
import type { AuditListResponse } from '../../../contracts/audit.ts';
import { useAdminList, useListPage } from '../admin/index.ts';

const PAGE_SIZE = 25;

/** The audit log's state: who, what kind of record, which shop days, the page and the entries. */
export function useAuditAdmin() {
  const [actor, setActor] = useState('');
  const [targetType, setTargetType] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useListPage([actor, targetType, from, to]);
  const list = useAdminList<AuditListResponse>('audit', '/admin/audit', { page, limit: PAGE_SIZE, actor, targetType, from, to });
  return { actor, setActor, targetType, setTargetType, from, setFrom, to, setTo, page, setPage, list };
}
