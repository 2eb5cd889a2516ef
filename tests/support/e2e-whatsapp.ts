// The browser journeys' WhatsApp: the shop of playwright.config.ts sends to a Cloud API stand-in
// (e2e-whatsapp-stand-in.ts) with these settings, and a journey reads what it accepted and presses its buttons
// through the stand-in's own routes, under /stand-in.
import type { APIRequestContext } from '@playwright/test';

export const E2E_WHATSAPP = {
  phoneNumberId: '106540352242922',
  accessToken: 'EAAGm0PX4ZCpsBAe2eJourneyToken13',
  appSecret: 'e2e-app-secret-of-the-coven',
  verifyToken: 'e2e-verify-token-of-the-coven',
};

export interface StandInMessage {
  id: string;
  phone: string;
  template: string;
  variables: string[];
  buttons: string[];
}

/** What the stand-in accepted for a phone ('919876543210'), oldest first. */
export async function standInMessages(request: APIRequestContext, base: string, phone: string): Promise<StandInMessage[]> {
  const answer = await request.get(`${base}/stand-in/messages?phone=${phone}`);
  return ((await answer.json()) as { messages: StandInMessage[] }).messages;
}

/** The customer pressing a quick-reply button: the stand-in posts Meta's signed webhook to the shop; its answer. */
export async function pressButton(request: APIRequestContext, base: string, press: { phone: string; payload: string; text: string; context: string }): Promise<number> {
  const answer = await request.post(`${base}/stand-in/press`, { data: press });
  return ((await answer.json()) as { shopAnswered: number }).shopAnswered;
}
