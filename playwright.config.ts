import { defineConfig } from '@playwright/test';
import { E2E_WHATSAPP } from './tests/support/e2e-whatsapp.ts';

const PORT = Number(process.env.E2E_PORT ?? 3210);
/** The journeys' own SMTP server, which keeps what the shop sends in E2E_MAIL_DIR for journeys that follow an e-mail. */
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? PORT + 100);
const MAIL_DIR = process.env.E2E_MAIL_DIR ?? '.e2e-mail';
/** The journeys' stand-in for Meta's WhatsApp Cloud API, which the shop sends its WhatsApp messages to. */
const WHATSAPP_PORT = Number(process.env.E2E_WHATSAPP_PORT ?? SMTP_PORT + 1);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // Debian's Chromium: the project never downloads a browser of its own.
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    },
    trace: 'off',
  },
  projects: [
    { name: 'phone', use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } },
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
  ],
  webServer: [
    {
      command: 'tsx tests/support/e2e-mail-catcher.ts',
      port: SMTP_PORT,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { E2E_SMTP_PORT: String(SMTP_PORT), E2E_MAIL_DIR: MAIL_DIR },
    },
    {
      command: 'tsx tests/support/e2e-whatsapp-stand-in.ts',
      url: `http://127.0.0.1:${WHATSAPP_PORT}/stand-in/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { E2E_WHATSAPP_PORT: String(WHATSAPP_PORT), E2E_SHOP_URL: `http://127.0.0.1:${PORT}` },
    },
    {
      // A shop of its own on a fresh embedded database, built exactly as `npm start` builds it.
      command: 'rm -rf .e2e-data && node scripts/start.mjs',
      url: `http://127.0.0.1:${PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        PORT: String(PORT),
        DATA_DIR: '.e2e-data',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        PUBLIC_URL: `http://127.0.0.1:${PORT}`,
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        MAIL_FROM: 'Deosil Perfumes <coven@deosil.test>',
        // Every journey signs up its own shoppers, all from 127.0.0.1: one run opens far more accounts than the
        // five an hour a real address may, so this shop allows more (the limit itself is covered by the API tests).
        REGISTRATION_RATE_LIMIT: '1000',
        // Journeys check totals to the paisa: the demo's automatic offers stay out, and the promotions journey makes its own.
        SEED_DEMO_PROMOTIONS: 'false',
        // Likewise for sign-in codes and links asked from 127.0.0.1; texts are kept by the log provider at /admin/sms.
        SIGN_IN_SEND_RATE_LIMIT: '1000',
        // And for gift card codes: several journeys check and spend cards from 127.0.0.1 within ten minutes (the
        // limit itself is held by server/modules/balances/gift-card-code-limit.api.test.ts).
        GIFT_CARD_CODE_RATE_LIMIT: '1000',
        // A registered seller in Karnataka, so orders carry tax invoices: CGST + SGST within the state, IGST beyond.
        SELLER_GSTIN: '29AABCD1234E1Z4',
        // The cart-recovery journey follows a reminder e-mail: the first goes a minute after a cart is left, not an hour.
        RECOVERY_FIRST_DELAY_MINUTES: '1',
        // WhatsApp on, to the stand-in: shoppers may opt in at checkout, and a COD order is confirmed by its button.
        WHATSAPP_PHONE_NUMBER_ID: E2E_WHATSAPP.phoneNumberId,
        WHATSAPP_ACCESS_TOKEN: E2E_WHATSAPP.accessToken,
        WHATSAPP_APP_SECRET: E2E_WHATSAPP.appSecret,
        WHATSAPP_VERIFY_TOKEN: E2E_WHATSAPP.verifyToken,
        WHATSAPP_API_BASE: `http://127.0.0.1:${WHATSAPP_PORT}`,
      },
    },
  ],
});
