/**
 * The browser's one way to call the shop API: JSON in and out, the customer's bearer token when there is one,
 * and the retry policy of the storefront for reads (GET: HTTP 429 gets two more tries after 1 s and 2 s, a network
 * failure one more try after 1 s). Writes are never sent twice: a lost answer to a POST may mean the server did the
 * work (a second Razorpay order, a second review), so the caller sees the failure and the customer decides.
 * Failures throw ApiRequestError carrying the server's message and field errors.
 */
import type { FieldError } from '../../contracts/api.ts';

export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors: FieldError[] = [],
  ) {
    super(message);
  }
}

/** What the server said of one field of a refused request (a 400 names each wrong field), if it named it. */
export function fieldMessage(error: unknown, field: string): string | undefined {
  return error instanceof ApiRequestError ? error.errors.find((item) => item.field === field)?.message : undefined;
}

type TokenProvider = () => string | null;
let tokenProvider: TokenProvider = () => null;

/** Accounts register where the signed-in customer's token lives; the cart and others never touch it. */
export function setAuthTokenProvider(provider: TokenProvider): void {
  tokenProvider = provider;
}

let onUnauthorized: () => void = () => {};

/** Called when the signed-in customer's token is refused (401): the session ended on the server. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const RATE_LIMIT_WAITS_MS = [1000, 2000];
const NETWORK_RETRY_WAIT_MS = 1000;

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Use this token instead of the signed-in customer's (admin screens pass the admin token). */
  token?: string | null;
}

export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const token = options.token === undefined ? tokenProvider() : options.token;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const init: RequestInit = {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  };

  const retries = init.method === 'GET';
  let response: Response | undefined;
  for (let attempt = 0; ; attempt += 1) {
    try {
      response = await fetch(`/api${path}`, init);
    } catch {
      if (options.signal?.aborted || !retries || attempt >= 1) {
        throw new ApiRequestError('Unable to connect to server. Please check your connection.', 0);
      }
      await sleep(NETWORK_RETRY_WAIT_MS);
      continue;
    }
    const wait = RATE_LIMIT_WAITS_MS[attempt];
    if (response.status === 429 && retries && wait !== undefined) {
      await sleep(wait);
      continue;
    }
    break;
  }

  let payload: { message?: string; error?: string; errors?: FieldError[] } & Record<string, unknown>;
  try {
    payload = await response.json();
  } catch {
    throw new ApiRequestError('Server returned invalid response. Please try again later.', response.status);
  }
  if (response.status === 401 && token && options.token === undefined) onUnauthorized();
  if (!response.ok || payload.success === false) {
    const message =
      response.status === 429
        ? 'Server is busy. Please try again in a few moments.'
        : (payload.message ?? payload.error ?? `HTTP error! status: ${response.status}`);
    throw new ApiRequestError(message, response.status, payload.errors ?? []);
  }
  return payload as T;
}

/**
 * Downloads a file the API answers for the signed-in caller (an invoice PDF): fetched with the bearer token, since
 * a plain link carries none, and saved under the name the server gives it.
 */
export async function downloadFromApi(path: string, options: { token?: string | null; fallbackName: string }): Promise<void> {
  const token = options.token === undefined ? tokenProvider() : options.token;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ApiRequestError('Unable to connect to server. Please check your connection.', 0);
  }
  if (!response.ok) {
    const payload = (await response.json().catch(() => ({}))) as { message?: string };
    throw new ApiRequestError(payload.message ?? `HTTP error! status: ${response.status}`, response.status);
  }
  await saveAsFile(response, options.fallbackName);
}

/**
 * Hands a fetched file to the browser's downloads, under the name the server gave it (Content-Disposition) or
 * `fallbackName`. For files behind a token, which a plain link cannot fetch.
 */
export async function saveAsFile(response: Response, fallbackName: string): Promise<void> {
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
