/**
 * The back office's list kit and session, the public entry every app/features/admin-<area>/ screen builds from
 * (ESLint refuses any other path in).
 */
export { DetailItem, DetailModal, useModalDialog } from './admin-dialog.tsx';
export { adminKeys } from './admin-keys.ts';
export { adminApi, useAdminSession, useCan } from './admin-session.ts';
export { ADMIN_SECTIONS, homeFor, sectionsFor, type AdminSection } from './admin-sections.ts';
export { type Column, DataTable } from './data-table.tsx';
export { labelled } from './field-labels.ts';
export { FilterSelect, SearchField, sortOptions, StatCards, statFilters, type StatFilter, statusFigures, statusOptions } from './list-controls.tsx';
export { AdminScreen, ListEmpty, ListError, ListLoading, ListTable, Pagination, RefreshButton, serverPages } from './list-states.tsx';
export { attemptsText, createdColumn, lastErrorColumn, MessageCard, OUTBOX_STATUS_TONES, RecipientAndStatus, StatusLabel, statusColumn } from './message-parts.tsx';
export { RecordDialog, type RecordFormBinding } from './record-dialog.tsx';
export { ReasonedAction, type ReasonedStep } from './reasoned-action.tsx';
export { RecordForm, useRecordForm } from './record-form.tsx';
export { listQuery, useAdminList, useListPage } from './use-admin-list.ts';
export { useRecordEditor } from './use-record-editor.ts';
export { useSearchQuery } from './use-search-query.ts';
export { TwoFactorStep } from './two-factor-step.tsx';
