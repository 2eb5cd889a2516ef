import { UPLOAD_MAX_BYTES } from '../../../contracts/admin-products.ts';
import { saveAsFile } from '../../lib/api-client.ts';
import { useAdminSession } from '../admin/index.ts';

async function failure(response: Response, fallback: string): Promise<Error> {
  const payload = (await response.json().catch(() => null)) as { message?: string } | null;
  if (response.status === 401 || response.status === 403) useAdminSession.getState().forget();
  return new Error(payload?.message ?? fallback);
}

/** Sends one picture to the shop and answers its URL; the server checks the bytes, the size limit is checked here first to save the wait. */
export async function uploadImage(file: File): Promise<string> {
  if (file.size > UPLOAD_MAX_BYTES) throw new Error('The image must be 5 MB or smaller');
  const form = new FormData();
  form.append('file', file);
  const token = useAdminSession.getState().token;
  const response = await fetch('/api/admin/uploads', { method: 'POST', body: form, headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw await failure(response, 'Upload failed');
  const { url } = (await response.json()) as { url: string };
  return url;
}

/**
 * Downloads an admin-only file (it needs the admin's token, so a plain link cannot fetch it); with `body`, one the
 * server makes from what is posted (the dispatch desk's labels of the selected parcels).
 */
export async function downloadAdminFile(path: string, fallbackName: string, body?: unknown): Promise<void> {
  const token = useAdminSession.getState().token;
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const init: RequestInit = body === undefined ? { headers } : { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) };
  const response = await fetch(`/api${path}`, init);
  if (!response.ok) throw await failure(response, body === undefined ? 'Export failed' : 'The document could not be made');
  await saveAsFile(response, fallbackName);
}
