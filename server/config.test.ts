import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig } from './config.ts';
import { targetOf } from './db/client.ts';

describe('config', () => {
  it('starts on port 3000 with the embedded database under ./data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir.endsWith('/data')).toBe(true);
    expect(config.databaseUrl).toBeUndefined();
  });

  it('names the variable that is wrong in one line', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/^Invalid configuration: PORT .+$/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL must be a postgres:\/\/ URL/);
  });

  it('treats an empty DATABASE_URL as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('keeps uploads on the disk unless S3_BUCKET names a bucket, and takes S3 keys only in pairs', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: 'deosil-uploads', S3_ENDPOINT: 'http://127.0.0.1:9000' }).s3).toMatchObject({ bucket: 'deosil-uploads', region: 'us-east-1', prefix: 'uploads/', forcePathStyle: true });
    expect(loadConfig({ S3_BUCKET: 'deosil-uploads' }).s3?.forcePathStyle).toBe(false);
    expect(() => loadConfig({ S3_BUCKET: 'Deosil_Uploads' })).toThrow(/S3_BUCKET must be a bucket name/);
    expect(() => loadConfig({ S3_BUCKET: 'deosil-uploads', S3_ACCESS_KEY_ID: 'key' })).toThrow(/S3_SECRET_ACCESS_KEY must be set together with S3_ACCESS_KEY_ID/);
  });

  it('runs several web processes only on a PostgreSQL server, which they can share', () => {
    expect(loadConfig({}).webConcurrency).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: '4', DATABASE_URL: 'postgres://x/y' }).webConcurrency).toBe(4);
    expect(() => loadConfig({ WEB_CONCURRENCY: '2' })).toThrow(/WEB_CONCURRENCY above 1 needs DATABASE_URL/);
  });
});

describe('admin and demo configuration', () => {
  it('is a demo shop on the embedded database and not on a server unless DEMO_MODE says so', () => {
    expect(loadConfig({}).demoMode).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y' }).demoMode).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y', DEMO_MODE: 'true' }).demoMode).toBe(true);
    expect(loadConfig({ DEMO_MODE: 'false' }).demoMode).toBe(false);
  });

  it('takes the admin from ADMIN_EMAIL and ADMIN_PASSWORD, which come together', () => {
    expect(loadConfig({ ADMIN_EMAIL: ' Keeper@Deosil.in ', ADMIN_PASSWORD: 'a-long-secret' }).admin).toEqual({
      email: 'keeper@deosil.in',
      password: 'a-long-secret',
      name: 'Coven Keeper',
    });
    expect(loadConfig({}).admin).toBeUndefined();
    expect(() => loadConfig({ ADMIN_EMAIL: 'keeper@deosil.in' })).toThrow(/^Invalid configuration: ADMIN_PASSWORD must be set together with ADMIN_EMAIL$/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'not an email', ADMIN_PASSWORD: 'a-long-secret' })).toThrow(/ADMIN_EMAIL must be a plain e-mail address/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'keeper@deosil.in', ADMIN_PASSWORD: 'short' })).toThrow(/ADMIN_PASSWORD must be at least 10 characters/);
    expect(() => loadConfig({ DEMO_MODE: 'yes' })).toThrow(/DEMO_MODE must be true or false/);
  });

  it('uses Razorpay only when both keys are set, and the sandbox otherwise', () => {
    expect(loadConfig({}).payments.razorpay).toBeUndefined();
    expect(loadConfig({ RAZORPAY_KEY_ID: 'rzp_test_abc123', RAZORPAY_KEY_SECRET: 'key-secret-1' }).payments.razorpay).toEqual({
      keyId: 'rzp_test_abc123',
      keySecret: 'key-secret-1',
      apiBase: undefined,
    });
    expect(() => loadConfig({ RAZORPAY_KEY_ID: 'rzp_test_abc123' })).toThrow(/^Invalid configuration: RAZORPAY_KEY_SECRET must be set together with RAZORPAY_KEY_ID$/);
    expect(() => loadConfig({ RAZORPAY_KEY_ID: 'key_abc', RAZORPAY_KEY_SECRET: 'key-secret-1' })).toThrow(/RAZORPAY_KEY_ID must look like rzp_test_/);
  });

  it('trusts no proxy unless TRUST_PROXY names a hop count or the proxies\' addresses', () => {
    expect(loadConfig({}).trustProxy).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7,::1' }).trustProxy).toEqual(['10.0.0.0/8', '192.0.2.7', '::1']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/^Invalid configuration: TRUST_PROXY must be a hop count/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '0' })).toThrow(/TRUST_PROXY/);
  });

  it('takes public links from PUBLIC_URL, requires it when NODE_ENV=production, and otherwise links to this machine', () => {
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '4100' }).publicUrl).toBe('http://localhost:4100');
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://deosilperfumes.in/' }).publicUrl).toBe('https://deosilperfumes.in');
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/^Invalid configuration: PUBLIC_URL is required when NODE_ENV=production/);
  });
});

describe('database configuration', () => {
  it('prepares PostgreSQL statements unless DATABASE_PREPARED_STATEMENTS is false, and names the variable when it is wrong', () => {
    expect(targetOf(loadConfig({ DATABASE_URL: 'postgres://shop@db/deosil' }))).toMatchObject({ kind: 'postgres', preparedStatements: true });
    expect(targetOf(loadConfig({ DATABASE_URL: 'postgres://shop@db/deosil', DATABASE_PREPARED_STATEMENTS: 'false' }))).toMatchObject({ kind: 'postgres', preparedStatements: false });
    expect(() => loadConfig({ DATABASE_PREPARED_STATEMENTS: 'no' })).toThrow(/DATABASE_PREPARED_STATEMENTS must be true or false/);
  });
});

describe('mail and jobs configuration', () => {
  it('keeps mail without SMTP_URL and runs the workers in the web process by default', () => {
    const config = loadConfig({});
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.jobsInWeb).toBe(true);
    expect(loadConfig({ JOBS_IN_WEB: 'false' }).jobsInWeb).toBe(false);
  });

  it('names SMTP_URL, MAIL_FROM, SHOP_INBOX_EMAIL and JOBS_IN_WEB when they are wrong', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://mail' })).toThrow(/^Invalid configuration: SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL$/);
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail:25' })).toThrow(/^Invalid configuration: MAIL_FROM must be set when SMTP_URL is set$/);
    expect(() => loadConfig({ MAIL_FROM: 'Deosil <not-an-address>' })).toThrow(/MAIL_FROM must be an address/);
    expect(() => loadConfig({ SHOP_INBOX_EMAIL: 'inbox' })).toThrow(/SHOP_INBOX_EMAIL must be a plain e-mail address/);
    expect(() => loadConfig({ JOBS_IN_WEB: 'maybe' })).toThrow(/JOBS_IN_WEB must be true or false/);
    expect(loadConfig({ SMTP_URL: 'smtp://mail:25', MAIL_FROM: 'Deosil Perfumes <orders@deosil.in>' }).mail).toMatchObject({
      smtpUrl: 'smtp://mail:25',
      from: 'Deosil Perfumes <orders@deosil.in>',
    });
  });
});

describe('seller and tax configuration', () => {
  it('is a demo seller in Karnataka without a GSTIN, its documents being receipts', () => {
    expect(loadConfig({}).seller).toEqual({
      legalName: 'Deosil Perfumes Private Limited',
      gstin: null,
      cin: null,
      address: '14 Moonlight Lane, Indiranagar, Bengaluru 560038, Karnataka, India',
      stateCode: '29',
    });
  });

  it('takes its state from the GSTIN, checked for shape and check character', () => {
    const seller = loadConfig({ SELLER_GSTIN: ' 29aabcd1234e1z4 ', SELLER_LEGAL_NAME: 'Deosil Perfumes LLP' }).seller;
    expect(seller).toMatchObject({ gstin: '29AABCD1234E1Z4', stateCode: '29', legalName: 'Deosil Perfumes LLP' });
    expect(() => loadConfig({ SELLER_GSTIN: '29AABCD1234E1Z5' })).toThrow(/^Invalid configuration: SELLER_GSTIN has the wrong check character \(5; expected 4\)$/);
    expect(() => loadConfig({ SELLER_GSTIN: '29-AABCD' })).toThrow(/^Invalid configuration: SELLER_GSTIN must be 15 characters/);
  });

  it('prints a company’s CIN when one is set, checked for its shape', () => {
    expect(loadConfig({}).seller.cin).toBeNull();
    expect(loadConfig({ SELLER_CIN: ' u24246ka2021ptc123456 ' }).seller.cin).toBe('U24246KA2021PTC123456');
    expect(() => loadConfig({ SELLER_CIN: 'U24246KA2021PTC12345' })).toThrow(/^Invalid configuration: SELLER_CIN must be a 21-character Corporate Identity Number/);
  });

  it('needs an address with a PIN code in the GSTIN’s state', () => {
    expect(() => loadConfig({ SELLER_ADDRESS: 'Somewhere in Bengaluru' })).toThrow(/^Invalid configuration: SELLER_ADDRESS must end with or contain the 6-digit PIN code$/);
    expect(() => loadConfig({ SELLER_GSTIN: '27AAPFU0939F1ZV' })).toThrow(
      /^Invalid configuration: SELLER_ADDRESS has PIN code 560038, which is not in Maharashtra where SELLER_GSTIN is registered$/,
    );
    expect(loadConfig({ SELLER_GSTIN: '27AAPFU0939F1ZV', SELLER_ADDRESS: '2 Lotus Court, Koregaon Park, Pune 411001, Maharashtra' }).seller.stateCode).toBe('27');
  });
});

describe('a bad value of any variable', () => {
  it('is named in one sentence, never in the schema library\'s words', () => {
    const tried: string[] = [];
    for (const name of CONFIG_VARIABLES) {
      for (const value of ['abc', '-1', '1.5', '99999999999', 'x'.repeat(400)]) {
        try {
          loadConfig({ [name]: value });
        } catch (error) {
          const message = (error as Error).message;
          tried.push(message);
          // The variable itself, or the one it must come with (ADMIN_PASSWORD alone names ADMIN_EMAIL).
          expect(message).toMatch(new RegExp(`^Invalid configuration: (${CONFIG_VARIABLES.join('|')}) (must|has) [^\n]+$`));
          expect(message).not.toMatch(/expected|received|NaN|Invalid input|Too (small|big)|invalid_/i);
        }
      }
    }
    // Every variable that checks its value was tried with at least one value it refuses.
    expect(tried.length).toBeGreaterThan(CONFIG_VARIABLES.length);
  });

  it('PORT says what it takes', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/^Invalid configuration: PORT must be a whole number from 1 to 65535$/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/^Invalid configuration: PORT must be a whole number from 1 to 65535$/);
  });
});
