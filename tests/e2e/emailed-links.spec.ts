// Every single-use link the product e-mails, opened from the e-mail itself (the link as the server wrote it into the
// message), in the three states a person can be in when they tap it: signed out (on another device, or a new tab),
// signed in as the person the link is for (the phone they use the app on), and signed in as someone else (a shared
// computer). Each test checks what the link did, not only that a page showed: the address confirmed or not, the
// password that now signs in, whose session the browser holds, which address the account has
// (docs/product.md#e-mail-confirmation, #password-reset, #welcome, #account).
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { emailConfirmationMessages } from '../../src-server/contract/email-confirmation';
import { accountMessages } from '../../src-server/contract/account';
import { apiToken, createAccount, db, latestLinkTo, newCustomer, sceneAddress, signIn, unique } from './fixtures';
import { issueThroughApi, requestQuote } from './quote-flow';

const PASSWORD = 'e2e-links-password';

interface Person {
  username: string;
  email: string;
  password: string;
}

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  return context.newPage();
}

/** The link's path and query, opened on the test server (the e-mail names PUBLIC_URL's origin). */
const opened = (link: URL) => `${link.pathname}${link.search}`;

/** Someone who registers through the API, as the register page does: their address is not confirmed yet. */
async function registered(request: APIRequestContext, prefix: string): Promise<Person> {
  const username = unique(prefix);
  const person = { username, email: `${username}@mail.example`, password: PASSWORD };
  const res = await request.post('/api/register', { headers: sceneAddress(), data: { ...person, isAdmin: false } });
  expect(res.status(), await res.text()).toBe(201);
  return person;
}

/** An account staff made, its address confirmed by its owner: someone else, on a shared computer. */
const someoneElse = (request: APIRequestContext): Promise<Person> => newCustomer(request, 'other', PASSWORD, { confirmed: true });

async function signedInAs(page: Page, person: Person): Promise<void> {
  await signIn(page, person.username, person.password);
  await expect(page).toHaveURL(/\/(dashboard|admin)$/);
}

const storedUser = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? sessionStorage.getItem('user') ?? 'null') as { username: string } | null);

async function addressConfirmed(username: string): Promise<boolean> {
  const rs = await db().execute({ sql: 'select email_verified_at from users where username = ?', args: [username] });
  return rs.rows[0]?.['email_verified_at'] !== null;
}

async function addressOf(username: string): Promise<string> {
  const rs = await db().execute({ sql: 'select email from users where username = ?', args: [username] });
  return String(rs.rows[0]?.['email']);
}

const canSignIn = async (request: APIRequestContext, username: string, password: string) =>
  (await request.post('/api/login', { headers: sceneAddress(), data: { username, password } })).status() === 200;

test.describe('the address confirmation link', () => {
  /** A visitor asks for a quote, then registers with the same address: the request waits for the address to be proved. */
  async function registeredWithRequest(request: APIRequestContext) {
    const lastName = unique('Conf');
    const person = await registered(request, lastName.toLowerCase());
    const quote = await requestQuote(request, { firstName: 'Cara', lastName, email: person.email });
    const link = await latestLinkTo(person.email, '/verify-email');
    return { person, quote, link };
  }

  test('signed out (another device): sign in to confirm, come back, and the waiting request is the account\'s', async ({ browser, request }) => {
    const { person, quote, link } = await registeredWithRequest(request);
    const page = await freshPage(browser);
    await page.goto(opened(link));
    await page.getByRole('link', { name: 'Sign in to confirm' }).click();
    await expect(page).toHaveURL(/\/login\?next=/);
    await page.locator('input[name="username"]').fill(person.username);
    await page.locator('input[name="password"]').fill(person.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/verify-email\?token=/);
    await expect(page.getByRole('alert').or(page.getByRole('status')).first()).toContainText(emailConfirmationMessages.confirmed);
    expect(await addressConfirmed(person.username)).toBe(true);
    await page.getByRole('link', { name: 'Go to your account' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText(quote.reference)).toBeVisible();
    await expect(page.getByText(/Please confirm your e-mail address/)).toHaveCount(0);
  });

  test('signed in as the person (the phone they registered on): confirmed at once, the dashboard shows the request', async ({ browser, request }) => {
    const { person, quote, link } = await registeredWithRequest(request);
    const page = await freshPage(browser);
    await signedInAs(page, person);
    await expect(page.getByText(/Please confirm your e-mail address/)).toBeVisible();
    await expect(page.getByText(quote.reference)).toHaveCount(0);
    await page.goto(opened(link));
    await expect(page.getByText(emailConfirmationMessages.confirmed)).toBeVisible();
    await expect(page.getByText('Something went wrong')).toHaveCount(0);
    expect(await addressConfirmed(person.username)).toBe(true);
    await page.getByRole('link', { name: 'Go to your account' }).click();
    await expect(page.getByText(quote.reference)).toBeVisible();
    await expect(page.getByText(/Please confirm your e-mail address/)).toHaveCount(0);
    // Opened again, the spent link says the address is confirmed already and changes nothing.
    await page.goto(opened(link));
    await expect(page.getByText(emailConfirmationMessages.alreadyConfirmed)).toBeVisible();
  });

  test('signed in as someone else: refused, nothing confirmed, and the link still works for its account', async ({ browser, request }) => {
    const { person, quote, link } = await registeredWithRequest(request);
    const other = await someoneElse(request);
    const page = await freshPage(browser);
    await signedInAs(page, other);
    await page.goto(opened(link));
    await expect(page.getByRole('alert')).toContainText(emailConfirmationMessages.otherAccount);
    expect(await addressConfirmed(person.username)).toBe(false);
    expect((await storedUser(page))?.username).toBe(other.username);
    // The other account gained nothing.
    await page.goto('/dashboard');
    await expect(page.getByText(quote.reference)).toHaveCount(0);
    // Its owner opens the same link afterwards, signed in: it works.
    const theirs = await freshPage(browser);
    await signedInAs(theirs, person);
    await theirs.goto(opened(link));
    await expect(theirs.getByText(emailConfirmationMessages.confirmed)).toBeVisible();
    expect(await addressConfirmed(person.username)).toBe(true);
  });
});

test.describe('the password reset link', () => {
  async function resetLinkFor(request: APIRequestContext, person: Person): Promise<URL> {
    const res = await request.post('/api/password-reset/request', { headers: sceneAddress(), data: { email: person.email } });
    expect(res.status(), await res.text()).toBe(200);
    return latestLinkTo(person.email, '/reset-password');
  }

  async function setPassword(page: Page, link: URL, password: string): Promise<void> {
    await page.goto(opened(link));
    await page.getByLabel('New password', { exact: true }).fill(password);
    await page.getByLabel('Confirm new password').fill(password);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('status')).toContainText('Your password has been changed');
  }

  test('signed out: the new password signs in, the old one no longer does', async ({ browser, request }) => {
    const person = await someoneElse(request);
    const link = await resetLinkFor(request, person);
    const page = await freshPage(browser);
    await setPassword(page, link, 'reset-signed-out-1');
    expect(await canSignIn(request, person.username, 'reset-signed-out-1')).toBe(true);
    expect(await canSignIn(request, person.username, person.password)).toBe(false);
    await page.getByRole('link', { name: 'Go to the login page' }).click();
    await signedInAs(page, { ...person, password: 'reset-signed-out-1' });
  });

  test('signed in as the person: the old session ends, on this device too; the new password signs in', async ({ browser, request }) => {
    const person = await someoneElse(request);
    const page = await freshPage(browser);
    await signedInAs(page, person);
    const before = await page.evaluate(() => localStorage.getItem('token'));
    const link = await resetLinkFor(request, person);
    await setPassword(page, link, 'reset-signed-in-1');
    expect(await storedUser(page)).toBeNull();
    const me = await request.get('/api/me', { headers: { authorization: `Bearer ${before}` } });
    expect(me.status()).toBe(401);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login/);
    await signedInAs(page, { ...person, password: 'reset-signed-in-1' });
  });

  test('signed in as someone else: the link\'s account gets the password; the other account keeps its own', async ({ browser, request }) => {
    const person = await someoneElse(request);
    const other = await someoneElse(request);
    const page = await freshPage(browser);
    await signedInAs(page, other);
    const otherToken = await page.evaluate(() => localStorage.getItem('token'));
    const link = await resetLinkFor(request, person);
    await setPassword(page, link, 'reset-shared-pc-1');
    expect(await canSignIn(request, person.username, 'reset-shared-pc-1')).toBe(true);
    expect(await canSignIn(request, other.username, other.password)).toBe(true);
    // The other person's session is still good on the server; this browser is signed out after a reset, whoever it held.
    expect((await request.get('/api/me', { headers: { authorization: `Bearer ${otherToken}` } })).status()).toBe(200);
    expect(await storedUser(page)).toBeNull();
  });
});

test.describe('the invitation link', () => {
  /** A visitor's request, priced and issued: a new account is made for them and they are invited to it. */
  async function invitedCustomer(request: APIRequestContext) {
    const lastName = unique('Invt');
    const email = `${lastName.toLowerCase()}@example.test`;
    const quote = await requestQuote(request, { firstName: 'Ira', lastName, email });
    const issued = await issueThroughApi(request, quote.id);
    expect(issued.invited).toBe(true);
    return { email, issued, link: await latestLinkTo(email, '/welcome') };
  }

  async function choosePassword(page: Page, link: URL, password: string): Promise<void> {
    await page.goto(opened(link));
    await page.getByLabel('New password', { exact: true }).fill(password);
    await page.getByLabel('Confirm new password').fill(password);
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
  }

  test('signed out: the password is set, the person is signed in and sees their policy', async ({ browser, request }) => {
    const { email, issued, link } = await invitedCustomer(request);
    const page = await freshPage(browser);
    await choosePassword(page, link, 'invited-signed-out-1');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: issued.policy.policyNumber }).first()).toBeVisible();
    expect((await storedUser(page))?.username).toBe(issued.user.username);
    expect(await canSignIn(request, email, 'invited-signed-out-1')).toBe(true);
    expect(await addressConfirmed(issued.user.username)).toBe(true);
  });

  test('signed in as someone else: the browser becomes the invited person\'s, with their policy; the other account is untouched', async ({ browser, request }) => {
    const { issued, link } = await invitedCustomer(request);
    const other = await someoneElse(request);
    const page = await freshPage(browser);
    await signedInAs(page, other);
    const otherToken = await page.evaluate(() => localStorage.getItem('token'));
    await choosePassword(page, link, 'invited-shared-pc-1');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: issued.policy.policyNumber }).first()).toBeVisible();
    expect((await storedUser(page))?.username).toBe(issued.user.username);
    expect(await canSignIn(request, other.username, other.password)).toBe(true);
    expect((await request.get('/api/me', { headers: { authorization: `Bearer ${otherToken}` } })).status()).toBe(200);
  });

  test('signed in as the person: a password sign-in spent the invitation, so the page says so and leads home; the password stays', async ({ browser, request }) => {
    // Staff made the account with a password and invited its owner to choose their own; the owner signed in first.
    const username = unique('staffmade');
    const person = { username, email: `${username}@example.test`, password: PASSWORD };
    await createAccount(request, person);
    const link = await latestLinkTo(person.email, '/welcome');
    const page = await freshPage(browser);
    await signedInAs(page, person);
    await choosePassword(page, link, 'too-late-for-this-1');
    await expect(page.getByRole('alert')).toContainText('This link has already been used or has expired');
    await expect(page.getByText(`You are signed in as ${username}`)).toBeVisible();
    await page.getByRole('link', { name: 'Go to your account' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(await canSignIn(request, username, PASSWORD)).toBe(true);
    expect(await canSignIn(request, username, 'too-late-for-this-1')).toBe(false);
  });
});

test.describe('the e-mail change link', () => {
  /** A customer with a confirmed address who asks to move to a new one: the link goes to the new address. */
  async function changeAsked(request: APIRequestContext) {
    const person = await someoneElse(request);
    const newEmail = `moved-${person.username}@example.test`;
    const token = await apiToken(request, person.username, person.password);
    const res = await request.post('/api/account/email', { headers: { authorization: `Bearer ${token}` }, data: { email: newEmail, currentPassword: person.password } });
    expect(res.status(), await res.text()).toBe(200);
    return { person, newEmail, link: await latestLinkTo(newEmail, '/confirm-email-change') };
  }

  test('signed out (another device): sign in to confirm, come back, and the address is changed', async ({ browser, request }) => {
    const { person, newEmail, link } = await changeAsked(request);
    const page = await freshPage(browser);
    await page.goto(opened(link));
    await page.getByRole('link', { name: 'Sign in to confirm' }).click();
    await page.locator('input[name="username"]').fill(person.username);
    await page.locator('input[name="password"]').fill(person.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/confirm-email-change\?token=/);
    await expect(page.getByText(accountMessages.emailChanged)).toBeVisible();
    expect(await addressOf(person.username)).toBe(newEmail);
    await page.getByRole('link', { name: 'Go to your account' }).click();
    await expect(page.getByText(`Your address: ${newEmail}`, { exact: false })).toBeVisible();
  });

  test('signed in as the person: changed at once, and the new address signs in', async ({ browser, request }) => {
    const { person, newEmail, link } = await changeAsked(request);
    const page = await freshPage(browser);
    await signedInAs(page, person);
    await page.goto(opened(link));
    await expect(page.getByText(accountMessages.emailChanged)).toBeVisible();
    expect(await addressOf(person.username)).toBe(newEmail);
    expect(await canSignIn(request, newEmail, person.password)).toBe(true);
  });

  test('signed in as someone else: refused, the address stays, and the link still works for its account', async ({ browser, request }) => {
    const { person, newEmail, link } = await changeAsked(request);
    const other = await someoneElse(request);
    const page = await freshPage(browser);
    await signedInAs(page, other);
    await page.goto(opened(link));
    await expect(page.getByRole('alert')).toContainText(accountMessages.emailChangeOtherAccount);
    expect(await addressOf(person.username)).toBe(person.email);
    expect(await addressOf(other.username)).toBe(other.email);
    const theirs = await freshPage(browser);
    await signedInAs(theirs, person);
    await theirs.goto(opened(link));
    await expect(theirs.getByText(accountMessages.emailChanged)).toBeVisible();
    expect(await addressOf(person.username)).toBe(newEmail);
  });
});
