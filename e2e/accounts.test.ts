import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Mailbox, codeIn } from '../server/test/mailbox.js';
import { expectNoSideScroll, launchBrowser, screenshot, type TestBrowser } from './support/browser.js';
import { startInProcessConsole, type InProcessConsole } from './support/in-process.js';
import { expectToast, logIn, visitAtEachSize } from './support/session.js';

/**
 * Sign-up, activation and forgot password as a person does them, the codes read out of the mails a
 * real SMTP receiver got (issue 24). An install without demo data, sign-up open.
 */
let consoleApp: InProcessConsole;
let browser: TestBrowser;
const mailbox = new Mailbox();

beforeAll(async () => {
  const smtpPort = await mailbox.listen();
  [consoleApp, browser] = await Promise.all([
    startInProcessConsole({
      env: { DEMO: '0', SIGNUP: 'open', SMTP_URL: `smtp://127.0.0.1:${smtpPort}` },
      jobs: { delivery: { outboxIntervalMs: 300 } },
    }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await consoleApp?.stop();
  await mailbox.close();
});

/** The code of the newest mail to the address, once it has arrived. */
async function mailedCode(address: string, after: number): Promise<string> {
  await expect.poll(() => mailbox.to(address).length, { timeout: 15_000 }).toBeGreaterThan(after);
  return codeIn(mailbox.to(address).at(-1) ?? '');
}

const fill = async (page: Page, field: string, value: string) => page.getByTestId(`account-${field}`).fill(value);

describe('sign-up', () => {
  it('signs up, activates with the mailed code and lands in an empty organisation of its own', async () => {
    const page = await browser.newPage({ width: 1440, height: 900 });
    await page.goto(`${consoleApp.url}/login`);
    await page.getByTestId('signup-link').click();
    // The fields the sign-up rules refuse empty carry the required mark before anything is typed.
    const required = (testId: string) => page.getByTestId(testId).locator('[aria-required="true"]');
    await expect.poll(() => required('signup-form').count()).toBe(4);
    expect(await page.getByTestId('signup-form').locator('.mw-login-label-required').count()).toBe(4);
    await fill(page, 'username', 'ab');
    await fill(page, 'email', 'not-mail');
    await page.getByTestId('signup-submit').click();
    await page.getByText('Must be 3 to 32 characters').waitFor();
    await page.getByText('Enter a valid e-mail address').waitFor();
    await screenshot(page, 'signup-invalid-1440');

    await fill(page, 'username', 'nadia');
    await fill(page, 'password', 'nadia1234');
    await fill(page, 'password2', 'nadia1234');
    await fill(page, 'email', 'nadia@example.com');
    await page.getByTestId('signup-submit').click();
    await expectToast(page, 'Check your mail');
    await page.getByTestId('activate-form').waitFor();
    expect(await page.getByTestId('account-address').inputValue()).toBe('nadia@example.com');
    const code = await mailedCode('nadia@example.com', 0);
    await fill(page, 'code', code);
    await screenshot(page, 'activate-1440');
    await page.getByTestId('activate-submit').click();
    await page.getByTestId('console').waitFor();
    await expectToast(page, 'Account activated');

    await page.goto(`${consoleApp.url}/moldsetting/mold`);
    await page.getByTestId('molds-add').waitFor();
    await screenshot(page, 'signed-up-moulds-1440');
    const org = await consoleApp.server.context.db
      .selectFrom('users')
      .innerJoin('organizations', 'organizations.id', 'users.org_id')
      .select(['organizations.name', 'users.org_id'])
      .where('username', '=', 'nadia')
      .executeTakeFirstOrThrow();
    expect(org.name).toBe('nadia');
    const molds = await consoleApp.server.context.db
      .selectFrom('molds')
      .select('id')
      .where('org_id', '=', org.org_id)
      .execute();
    expect(molds).toHaveLength(0);
    await page.close();
  });

  it('tells an inactive account how to activate, and sends the code again', async () => {
    const page = await browser.newPage({ width: 390, height: 844 });
    await page.goto(`${consoleApp.url}/login`);
    await page.getByTestId('signup-link').click();
    await fill(page, 'username', 'later');
    await fill(page, 'password', 'later1234');
    await fill(page, 'password2', 'later1234');
    await fill(page, 'email', 'later@example.com');
    await page.getByTestId('signup-submit').click();
    await page.getByTestId('activate-form').waitFor();
    await screenshot(page, 'activate-390');
    await expectNoSideScroll(page);
    await page.getByTestId('back-to-login').click();

    await page.getByTestId('login-username').fill('later');
    await page.getByTestId('login-password').fill('later1234');
    await page.getByTestId('login-submit').click();
    await expectToast(page, 'not activated yet');
    await page.getByTestId('activate-link').click();
    await fill(page, 'address', 'later@example.com');
    const before = mailbox.to('later@example.com').length;
    await page.getByTestId('send-again').click();
    await expectToast(page, 'a 6-digit code is on its way');
    await fill(page, 'code', await mailedCode('later@example.com', before));
    await page.getByTestId('activate-submit').click();
    await page.getByTestId('console').waitFor();
    await page.close();
  });
});

describe('forgot password', () => {
  it('sets a new password with the mailed code, and the old session is gone', async () => {
    const oldSession = await browser.newPage({ width: 1440, height: 900 });
    await logIn(oldSession, consoleApp.url, 'nadia', 'nadia1234');

    const page = await browser.newPage({ width: 390, height: 844 });
    await page.goto(`${consoleApp.url}/login`);
    await page.getByTestId('forgot-link').waitFor();
    await screenshot(page, 'login-links-390');
    await expectNoSideScroll(page);
    await page.getByTestId('forgot-link').click();
    await fill(page, 'address', 'nadia@');
    await page.getByTestId('forgot-send').click();
    await page.getByText('Enter a valid e-mail address').waitFor();
    const before = mailbox.to('nadia@example.com').length;
    await fill(page, 'address', 'nadia@example.com');
    await page.getByTestId('forgot-send').click();
    await page.getByTestId('reset-form').waitFor();
    await fill(page, 'code', '12345');
    await fill(page, 'password', 'fresh5678');
    await fill(page, 'password2', 'fresh5679');
    await page.getByTestId('reset-submit').click();
    await page.getByText('Must be exactly 6 digits').waitFor();
    await page.getByText('The two passwords do not match').waitFor();
    await screenshot(page, 'reset-invalid-390');
    await expectNoSideScroll(page);

    await fill(page, 'code', await mailedCode('nadia@example.com', before));
    await fill(page, 'password2', 'fresh5678');
    await page.getByTestId('reset-submit').click();
    await expectToast(page, 'Password set');
    await page.getByTestId('login-form').waitFor();

    // The old session is gone: the live channel ends it and it lands on the login page by itself
    // (a reload here raced that navigation).
    await oldSession.waitForURL(/\/login/);
    await logIn(page, consoleApp.url, 'nadia', 'fresh5678');
    await expect.poll(() => mailbox.to('nadia@example.com').at(-1) ?? '').toContain('was set anew');
    await page.close();
    await oldSession.close();
  });
});

describe('the account forms in every language', () => {
  const LANGUAGES = [
    { language: 'en', locale: 'en-US', signUp: 'Create an account', forgot: 'Forgot password' },
    { language: 'zh', locale: 'zh-CN', signUp: '创建账号', forgot: '忘记密码' },
    { language: 'kor', locale: 'ko-KR', signUp: '계정 만들기', forgot: '비밀번호 찾기' },
    { language: 'por', locale: 'pt-BR', signUp: 'Criar uma conta', forgot: 'Esqueci a senha' },
  ];
  it.each(LANGUAGES)('shows sign-up and forgot password in $language, wide and on a phone', async (language) => {
    const url = `${consoleApp.url}/login?form=signup`;
    await visitAtEachSize(browser, { locale: language.locale, url }, async (page) => {
      const { width } = page.viewportSize()!;
      await page.getByTestId('signup-submit').click();
      await page.getByText(language.signUp).waitFor();
      await page.locator('.mw-login-error').first().waitFor();
      await expectNoSideScroll(page);
      await screenshot(page, `signup-${language.language}-${width}`);
      await page.goto(`${consoleApp.url}/login?form=forgot`);
      await page.getByText(language.forgot).first().waitFor();
      await expectNoSideScroll(page);
      await screenshot(page, `forgot-${language.language}-${width}`);
    });
  });
});
