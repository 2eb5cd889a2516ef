import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { cloudApiProvider, WhatsAppApiError } from './cloud-api-client.ts';
import { whatsappTemplate } from './templates/index.ts';

const SETTINGS = { phoneNumberId: '106540352242922', accessToken: 'EAAGm0PX4ZCpsBAclientTestToken13', appSecret: 'app-secret-client-test', verifyToken: 'verify-token-client-test' };
const REFERENCE = '6f1f8a52-8f0e-4c4e-9d61-0d7f2c1a9b11';

interface Seen {
  method: string | undefined;
  url: string | undefined;
  authorization: string | undefined;
  body: unknown;
}

let server: Server | null = null;

async function stop(): Promise<void> {
  const closing = server;
  server = null;
  if (!closing) return;
  closing.closeAllConnections();
  await new Promise((resolve) => closing.close(resolve));
}

afterEach(stop);

/** A server that reads each request whole, notes it, then does what `answer` says. */
async function serve(answer: (response: ServerResponse, request: IncomingMessage) => void): Promise<{ base: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      seen.push({ method: request.method, url: request.url, authorization: request.headers.authorization, body: JSON.parse(raw) as unknown });
      answer(response, request);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v21.0`, seen };
}

function send(apiBase: string, timeoutMs = 2_000) {
  return cloudApiProvider({ ...SETTINGS, apiBase, timeoutMs }).send({
    to: '+919876543210',
    template: whatsappTemplate('cod_confirm_request')!,
    variables: { customerName: 'Asha', orderNumber: 'DP-20261127-0001', total: '₹1,499.00', confirmBy: '28 Nov 2026, 6:00 pm' },
    reference: REFERENCE,
  });
}

async function failureOf(sending: Promise<unknown>): Promise<{ kind: string; message: string }> {
  const error = await sending.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(WhatsAppApiError);
  return { kind: (error as WhatsAppApiError).kind, message: (error as WhatsAppApiError).message };
}

describe('the Cloud API client', () => {
  it('posts the template with its parameters, the buttons’ payloads and the row as biz_opaque_callback_data', async () => {
    const { base, seen } = await serve((response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ messaging_product: 'whatsapp', messages: [{ id: 'wamid.HBgMOTE5ODc2' }] }));
    });
    expect(await send(base)).toEqual({ messageId: 'wamid.HBgMOTE5ODc2' });
    expect(seen).toEqual([
      {
        method: 'POST',
        url: `/v21.0/${SETTINGS.phoneNumberId}/messages`,
        authorization: `Bearer ${SETTINGS.accessToken}`,
        body: {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: '919876543210',
          type: 'template',
          template: {
            name: 'cod_confirm_request',
            language: { code: 'en' },
            components: [
              { type: 'body', parameters: ['Asha', 'DP-20261127-0001', '₹1,499.00', '28 Nov 2026, 6:00 pm'].map((text) => ({ type: 'text', text })) },
              { type: 'button', sub_type: 'quick_reply', index: '0', parameters: [{ type: 'payload', payload: `cod-confirm:${REFERENCE}` }] },
              { type: 'button', sub_type: 'quick_reply', index: '1', parameters: [{ type: 'payload', payload: `cod-cancel:${REFERENCE}` }] },
            ],
          },
          biz_opaque_callback_data: REFERENCE,
        },
      },
    ]);
  });

  it('a request that went out and got no answer is unanswered: a timeout, a dropped connection, a 200 without a message id', async () => {
    const silent = await serve(() => {});
    expect(await failureOf(send(silent.base, 300))).toMatchObject({ kind: 'unanswered', message: expect.stringMatching(/^No answer from WhatsApp/) });
    expect(silent.seen).toHaveLength(1);
    await stop();

    const dropping = await serve((_response, request) => request.socket.destroy());
    expect(await failureOf(send(dropping.base))).toMatchObject({ kind: 'unanswered' });
    expect(dropping.seen).toHaveLength(1);
    await stop();

    const idless = await serve((response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{"messaging_product":"whatsapp"}'));
    expect(await failureOf(send(idless.base))).toMatchObject({ kind: 'unanswered' });
  });

  it('a refused connection never sent a byte, so it is retried; Meta’s answers say retry, refused or auth', async () => {
    const closed = await serve(() => {});
    await stop();
    expect(await failureOf(send(closed.base))).toMatchObject({ kind: 'retry', message: expect.stringMatching(/^WhatsApp could not be reached/) });

    let status = 429;
    const { base } = await serve((response) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: status === 401 ? 190 : 131000, message: 'no' } })));
    expect(await failureOf(send(base))).toMatchObject({ kind: 'retry' });
    status = 503;
    expect(await failureOf(send(base))).toMatchObject({ kind: 'retry' });
    status = 400;
    expect(await failureOf(send(base))).toMatchObject({ kind: 'refused' });
    status = 401;
    expect(await failureOf(send(base))).toMatchObject({ kind: 'auth' });
  });
});
