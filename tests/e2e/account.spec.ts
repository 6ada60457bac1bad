// Accounts in the browser: register, login (remember-me storage, role landing, errors), logout, guards,
// an expired token, and forgot -> reset through the mail outbox; sign-in with the e-mail address, and the
// /welcome page an invitation opens. See docs/product.md#login-and-registration, #sessions, #password-reset, #welcome.
// Login failures are throttled per username and per address (and every request here comes from
// 127.0.0.1), so this file makes only a couple of wrong-password attempts.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { SignJWT } from 'jose';
import { a11yViolations, appLive, latestLinkTo, latestMailTo, newCustomer, OWNER, signIn, unique } from './fixtures';
import { invitationPath, issueThroughApi, requestQuote } from './quote-flow';

// playwright.config.ts gives the e2e server this secret.
const E2E_JWT_SECRET = 'e2e-secret-e2e-secret-e2e-secret-e2e-secret';
const SESSION_KEYS = ['token', 'user', 'isAdmin', 'impersonateUserId'] as const;
const PASSWORD = 'e2e-customer-password';

async function storedKeys(page: Page): Promise<{ local: Record<string, string | null>; session: Record<string, string | null> }> {
  return page.evaluate((keys) => {
    const read = (s: Storage) => Object.fromEntries(keys.map((k) => [k, s.getItem(k)]));
    return { local: read(window.localStorage), session: read(window.sessionStorage) };
  }, [...SESSION_KEYS]);
}

const allNull = Object.fromEntries(SESSION_KEYS.map((k) => [k, null]));

async function expectNoA11yViolations(page: Page): Promise<void> {
  await appLive(page);
  expect(await a11yViolations(page, 'main')).toEqual([]);
}

const customer = (request: APIRequestContext) => newCustomer(request, 'cust', PASSWORD);

/** A session token as the server signs it, with the given expiry (epoch seconds). */
function tokenFor(user: { id: number; username: string }, expSeconds: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ username: user.username, isAdmin: false, isOwner: false, sv: 0 })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(user.id))
    .setJti('x')
    .setIssuedAt(Math.min(now, expSeconds) - 3600)
    .setExpirationTime(expSeconds)
    .sign(new TextEncoder().encode(E2E_JWT_SECRET));
}

test.describe('register', () => {
  test('the button waits for all three fields; success clears them and goes to /login after about 2 s', async ({ page }) => {
    const username = unique('reg');
    await page.goto('/register');
    const button = page.getByRole('button', { name: 'Register' });
    await expect(button).toBeDisabled();
    await page.locator('input[name="username"]').fill(username);
    await page.locator('input[name="email"]').fill(`${username}@example.test`);
    await expect(button).toBeDisabled();
    await page.locator('input[name="password"]').fill('   ');
    await expect(button).toBeDisabled();
    await page.locator('input[name="password"]').fill(PASSWORD);
    await expect(button).toBeEnabled();
    await expectNoA11yViolations(page);

    await button.click();
    const success = page.getByRole('status').filter({ hasText: 'Registration successful! You can now login.' });
    await expect(success).toBeVisible();
    const shownAt = Date.now();
    await expect(page.locator('input[name="username"]')).toHaveValue('');
    await expect(page.locator('input[name="email"]')).toHaveValue('');
    await expect(page.locator('input[name="password"]')).toHaveValue('');
    // Focus moves to the message, so it is read out.
    await expect(page.locator(':focus')).toContainText('Registration successful!');
    await expect(page).toHaveURL(/\/register$/);
    await page.waitForURL('**/login', { timeout: 5000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1500);

    // The new account signs in and lands on its dashboard.
    await signIn(page, username, PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a taken username shows the server’s message, on the form and on the field', async ({ page, request }) => {
    const taken = await customer(request);
    await page.goto('/register');
    await page.locator('input[name="username"]').fill(taken.username);
    await page.locator('input[name="email"]').fill(`${unique('other')}@example.test`);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('alert')).toHaveText('That username is already taken');
    await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/register$/);
  });

  test('client validation uses the contract’s rules', async ({ page }) => {
    await page.goto('/register');
    await page.locator('input[name="username"]').fill('ab');
    await page.locator('input[name="email"]').fill('not-an-email');
    await page.locator('input[name="password"]').fill('short');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
    await expect(page.getByText('Enter a valid email address')).toBeVisible();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await expect(page.locator('input[name="username"]')).toBeFocused();
  });
});

test.describe('login and logout', () => {
  test('register -> login -> /dashboard; Logout returns to /login and clears every key from both storages', async ({ page, request }) => {
    const user = await customer(request);
    await signIn(page, user.username, PASSWORD, { remember: true });
    await expect(page).toHaveURL(/\/dashboard$/);
    // Something of each key, in both storages, to prove logout clears them all.
    await page.evaluate(() => {
      window.localStorage.setItem('impersonateUserId', '42');
      window.sessionStorage.setItem('impersonateUserId', '42');
      window.sessionStorage.setItem('isAdmin', 'false');
    });
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedKeys(page)).toEqual({ local: allNull, session: allNull });
  });

  test('"Keep me signed in on this device" starts ticked (localStorage); unticked, the session is in sessionStorage', async ({ page, request }) => {
    const user = await customer(request);
    await signIn(page, user.username, PASSWORD); // the box left as it is
    await expect(page).toHaveURL(/\/dashboard$/);
    let stored = await storedKeys(page);
    expect(stored.local.token).toBeTruthy();
    expect(JSON.parse(stored.local.user!)).toMatchObject({ username: user.username, isAdmin: false });
    expect(stored.local.isAdmin).toBe('false');
    expect(stored.session).toEqual(allNull);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, user.username, PASSWORD, { remember: false });
    await expect(page).toHaveURL(/\/dashboard$/);
    stored = await storedKeys(page);
    expect(stored.session.token).toBeTruthy();
    expect(stored.session.isAdmin).toBe('false');
    expect(stored.local).toEqual(allNull);
  });

  test('the owner lands on /admin', async ({ page }) => {
    await signIn(page, OWNER.username, OWNER.password);
    await expect(page).toHaveURL(/\/admin$/);
    expect((await storedKeys(page)).local.isAdmin).toBe('true');
  });

  test('a wrong password shows the server’s error in the page, focused', async ({ page, request }) => {
    const user = await customer(request);
    await signIn(page, user.username, 'not-the-password');
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText('Login failed: Invalid username or password');
    await expect(page.locator(':focus')).toContainText('Login failed: Invalid username or password');
    await expect(page).toHaveURL(/\/login$/);
    expect((await storedKeys(page)).local.token).toBeNull();
    await expectNoA11yViolations(page);
  });

  test('username and password are required, each with its own message, and nothing is sent', async ({ page }) => {
    let calls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/trpc/account.login')) calls += 1;
    });
    await page.goto('/login');
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Username is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page.getByLabel('Username or e-mail')).toBeFocused();
    expect(calls).toBe(0);
  });

  test('the form has the remember-me box and links to /forgotpassword and /register', async ({ page }) => {
    await page.goto('/login');
    const keep = page.getByRole('checkbox', { name: 'Keep me signed in on this device' });
    await expect(keep).toHaveAttribute('name', 'remember');
    await expect(keep).toBeChecked();
    await expect(keep).toHaveAccessibleDescription('Needed to show your certificate offline. Untick this on a shared computer.');
    await expect(page.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgotpassword');
    await expect(page.getByRole('main').getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
  });

  test('someone already signed in who opens /login or /register goes to their home page, or to a next page of this site', async ({ page, request }) => {
    const user = await customer(request);
    await signIn(page, user.username, PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/register');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/login?next=%2Ffaq');
    await expect(page).toHaveURL(/\/faq$/);
    // Another site is never a next page.
    await page.goto('/login?next=%2F%2Fevil.example%2Fx');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('signing in from a link with a next page goes back there', async ({ page, request }) => {
    const user = await customer(request);
    await page.goto('/login?next=%2Fclaims');
    await page.locator('input[name="username"]').fill(user.username);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/claims$/);
  });
});

test.describe('route guards', () => {
  test('signed out, /dashboard and /admin go to /login', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a customer opening /admin goes to /dashboard', async ({ page, request }) => {
    const user = await customer(request);
    await signIn(page, user.username, PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('an expired token', () => {
  test('is cleared on the next navigation: /dashboard goes to /login and the top bar says Login', async ({ page, request }) => {
    const user = await customer(request);
    await page.goto('/');
    const expired = await tokenFor(user, Math.floor(Date.now() / 1000) - 60);
    await page.evaluate(
      ({ token, user }) => {
        window.localStorage.setItem('token', token);
        window.localStorage.setItem('user', JSON.stringify({ id: user.id, username: user.username, isAdmin: false, isOwner: false }));
        window.localStorage.setItem('isAdmin', 'false');
      },
      { token: expired, user },
    );
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedKeys(page)).toEqual({ local: allNull, session: allNull });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Logout' })).toHaveCount(0);
  });

  test('that runs out while the page is open signs out at the next navigation', async ({ page, request }) => {
    const user = await customer(request);
    await page.goto('/');
    const expiresAt = Math.floor(Date.now() / 1000) + 3;
    const token = await tokenFor(user, expiresAt);
    await page.evaluate(
      ({ token, user }) => {
        window.sessionStorage.setItem('token', token);
        window.sessionStorage.setItem('user', JSON.stringify({ id: user.id, username: user.username, isAdmin: false, isOwner: false }));
        window.sessionStorage.setItem('isAdmin', 'false');
      },
      { token, user },
    );
    await page.reload();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
    await page.waitForTimeout(Math.max(0, expiresAt * 1000 - Date.now()) + 500);
    await nav.getByRole('link', { name: 'Contact Us' }).click();
    await expect(page).toHaveURL(/\/support$/);
    await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
    expect((await storedKeys(page)).session).toEqual(allNull);
  });
});

test.describe('forgot and reset password', () => {
  test('end to end through the e-mail: the link sets a new password once, and the new one signs in', async ({ page, request }) => {
    const user = await customer(request);
    await page.goto('/forgotpassword');
    await expectNoA11yViolations(page);
    await page.locator('input[name="email"]').fill(user.email);
    await page.getByRole('button', { name: 'Send Reset Email' }).click();
    await expect(page.getByRole('status')).toHaveText('If an account with that email exists, a password reset email has been sent.');
    await expect(page.locator(':focus')).toContainText('If an account with that email exists');

    // The link first: it is made 1-5 s after the request, after the account's confirmation e-mail.
    const link = await latestLinkTo(user.email, '/reset-password');
    const mail = await latestMailTo(user.email);
    expect(mail.subject).toBe('Reset your Kerbside Cover password');

    await page.goto(link.href);
    await expectNoA11yViolations(page);
    const newPassword = 'e2e-brand-new-password';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill('something-else-entirely');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('The passwords do not match')).toBeVisible();
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('status')).toContainText('Your password has been changed. You can now login.');
    await page.getByRole('link', { name: 'Go to the login page' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await signIn(page, user.username, newPassword);
    await expect(page).toHaveURL(/\/dashboard$/);

    // The link was single-use.
    await page.goto(link.href);
    await page.getByLabel('New password', { exact: true }).fill('e2e-third-password');
    await page.getByLabel('Confirm new password').fill('e2e-third-password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('alert')).toContainText('This reset link is invalid or has expired. Please request a new one.');
    await expect(page.getByRole('link', { name: 'Request a new reset email' })).toHaveAttribute('href', '/forgotpassword');
  });

  test('an unknown address gets the same answer; a bad address is refused in the form', async ({ page }) => {
    await page.goto('/forgotpassword');
    await page.locator('input[name="email"]').fill('not-an-email');
    await page.getByRole('button', { name: 'Send Reset Email' }).click();
    await expect(page.getByText('Enter a valid email address')).toBeVisible();
    await expect(page.locator('input[name="email"]')).toBeFocused();
    await page.locator('input[name="email"]').fill(`${unique('nobody')}@example.test`);
    await page.getByRole('button', { name: 'Send Reset Email' }).click();
    await expect(page.getByRole('status')).toHaveText('If an account with that email exists, a password reset email has been sent.');
  });

  test('the button says Sending... while the request is out', async ({ page }) => {
    await page.route('**/trpc/passwordReset.request*', async (route) => {
      await new Promise((r) => setTimeout(r, 500));
      await route.continue();
    });
    await page.goto('/forgotpassword');
    await page.locator('input[name="email"]').fill(`${unique('slow')}@example.test`);
    await page.getByRole('button', { name: 'Send Reset Email' }).click();
    await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    await expect(page.getByRole('status')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send Reset Email' })).toBeEnabled();
  });

  test('a failure shows the documented failure text', async ({ page }) => {
    await page.route('**/trpc/passwordReset.request*', (route) => route.abort());
    await page.goto('/forgotpassword');
    await page.locator('input[name="email"]').fill('someone@example.test');
    await page.getByRole('button', { name: 'Send Reset Email' }).click();
    await expect(page.getByRole('alert')).toHaveText('Failed to send reset email. Please try again later.');
  });

  test('/reset-password without a token says so and links to /forgotpassword', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page.getByRole('alert')).toContainText('This page needs the link from your email');
    await expect(page.getByRole('link', { name: 'request a new reset email' })).toHaveAttribute('href', '/forgotpassword');
    await expect(page.locator('input[type="password"]')).toHaveCount(0);
  });
});

test.describe('sign in with the e-mail address', () => {
  test('the e-mail in any letter case signs in like the username; a wrong password by e-mail reads as usual', async ({ page, request }) => {
    const user = await customer(request);
    await signIn(page, user.email, 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText('Login failed: Invalid username or password');
    await signIn(page, user.email.toUpperCase(), PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    const stored = await storedKeys(page);
    expect(JSON.parse(stored.local.user ?? '{}')).toMatchObject({ id: user.id, username: user.username });
  });
});

test.describe('welcome page', () => {
  /** A customer new to us, with a policy issued from their quote request and the invitation's link. */
  async function invited(request: APIRequestContext) {
    const lastName = unique('Welcome');
    const email = `${lastName.toLowerCase()}@example.test`;
    const quote = await requestQuote(request, { firstName: 'Wren', lastName, email });
    const issued = await issueThroughApi(request, quote.id);
    expect(issued.invited).toBe(true);
    return { email, issued, path: await invitationPath(email) };
  }

  test('the invitation sets a password once, signs the person in and opens the dashboard with the policy', async ({ page, request }) => {
    const { email, issued, path } = await invited(request);
    await page.goto(path);
    await expect(page).toHaveTitle('Welcome | Kerbside Cover');
    await expect(page.getByRole('heading', { name: 'Welcome to Kerbside Cover', level: 1 })).toBeVisible();
    await expectNoA11yViolations(page);
    const remember = page.getByRole('checkbox', { name: 'Keep me signed in on this device' });
    await expect(remember).toBeChecked();

    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('wren-chose-this');
    await page.getByLabel('Confirm new password').fill('wren-chose-that');
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await expect(page.getByText('The passwords do not match')).toBeVisible();
    await page.getByLabel('Confirm new password').fill('wren-chose-this');
    await page.getByRole('button', { name: 'Set password and sign in' }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: issued.policy.policyNumber }).first()).toBeVisible();
    // Remembered on this device, as ticked.
    const stored = await storedKeys(page);
    expect(stored.local.token).toBeTruthy();
    expect(JSON.parse(stored.local.user ?? '{}')).toMatchObject({ username: issued.user.username });

    // The link worked once.
    await page.goto(path);
    await page.getByLabel('New password', { exact: true }).fill('someone-else-9');
    await page.getByLabel('Confirm new password').fill('someone-else-9');
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('This link has already been used or has expired');
    // Signed in already, the person is shown the way home rather than offered a new link (docs/product.md#welcome).
    await expect(page.getByRole('alert')).toContainText(`You are signed in as ${issued.user.username}`);
    await expect(page.getByRole('link', { name: 'Go to your account' })).toHaveAttribute('href', '/dashboard');
    await expectNoA11yViolations(page);

    // The chosen password signs in with the e-mail address.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, email, 'wren-chose-this');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('unticked, the session ends with the tab', async ({ page, request }) => {
    const { path } = await invited(request);
    await page.goto(path);
    await page.getByRole('checkbox', { name: 'Keep me signed in on this device' }).uncheck();
    await page.getByLabel('New password', { exact: true }).fill('shared-computer-1');
    await page.getByLabel('Confirm new password').fill('shared-computer-1');
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const stored = await storedKeys(page);
    expect(stored.local).toEqual(allNull);
    expect(stored.session.token).toBeTruthy();
  });

  test('a damaged link says so and offers a new one; no token at all says the page needs the link', async ({ page }) => {
    await page.goto(`/welcome?token=${'x'.repeat(43)}`);
    await page.getByLabel('New password', { exact: true }).fill('whatever-it-is-1');
    await page.getByLabel('Confirm new password').fill('whatever-it-is-1');
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('This link has already been used or has expired');
    await expect(page.getByRole('link', { name: 'Send me a new link' })).toHaveAttribute('href', '/forgotpassword');

    await page.goto('/welcome');
    await expect(page.getByRole('alert')).toContainText('This page needs the link from your email');
    await expect(page.getByRole('link', { name: 'Send me a new link' })).toHaveAttribute('href', '/forgotpassword');
    await expect(page.locator('input[type="password"]')).toHaveCount(0);
  });
});
