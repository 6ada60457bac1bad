// @vitest-environment jsdom
// What the start-up script answers before the app is live on a prerendered page (docs/performance.md#what-runs-before-react,
// docs/performance.md#the-first-interaction): a disclosure opens and closes at once, whether its panel shows by CSS
// from aria-expanded (the menu) or by its hidden attribute (an accordion), and the app's first render starts from
// that state; a form sent with required fields empty shows each field's message (written by the build from the
// form's schema) and focuses the first, and typing takes a message away.
import { afterEach, describe, expect, it } from 'vitest';
import { loginInput } from '@server/contract/schemas';
import { disclosureOf, toggleDisclosure } from '../../src-client/boot/early-disclosures';
import { clearMessagesOnInput, emptyRequiredFields, markBusy, showEmptyMessages } from '../../src-client/boot/early-messages';
import { emptyMessagesOf, expandedOnPage } from '../../src-client/lib/hydration';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('disclosures', () => {
  it('a menu shown by CSS: only aria-expanded changes, and the app reads it', () => {
    document.body.innerHTML = `<nav><button type="button" aria-expanded="false" aria-controls="main-menu">Menu <span>icon</span></button><ul id="main-menu" class="hidden"></ul></nav>`;
    const inner = document.querySelector('span')!;
    const button = disclosureOf(inner)!;
    expect(button.textContent).toContain('Menu');
    toggleDisclosure(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById('main-menu')!.hidden).toBe(false);
    expect(expandedOnPage('main-menu')).toBe(true);
    toggleDisclosure(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById('main-menu')!.hidden).toBe(false);
    expect(expandedOnPage('main-menu')).toBe(false);
  });

  it('an accordion panel shown by its hidden attribute opens and closes with its button', () => {
    document.body.innerHTML = `<h2><button type="button" aria-expanded="false" aria-controls="a-panel">Question</button></h2><div id="a-panel" hidden>Answer</div>`;
    const button = disclosureOf(document.querySelector('button'))!;
    const panel = document.getElementById('a-panel')!;
    toggleDisclosure(button);
    expect([button.getAttribute('aria-expanded'), panel.hidden]).toEqual(['true', false]);
    toggleDisclosure(button);
    expect([button.getAttribute('aria-expanded'), panel.hidden]).toEqual(['false', true]);
  });

  it('a plain button, a disabled disclosure and a link are not disclosures', () => {
    document.body.innerHTML = `<button type="button">Plain</button><button type="button" disabled aria-expanded="false" aria-controls="x">Off</button><a href="/faq">FAQ</a>`;
    for (const el of document.querySelectorAll('button, a')) expect(disclosureOf(el)).toBeNull();
  });
});

describe('a form sent with required fields empty', () => {
  /** The login form as components/field.tsx draws it, with the messages the build writes. */
  function loginForm(): HTMLFormElement {
    const messages = emptyMessagesOf(loginInput, { username: '', password: '', remember: true });
    document.body.innerHTML = `<form>
      <div><label for="u">Username</label><input id="u" name="username" aria-required="true" data-empty-message="${messages['username']}"></div>
      <div><label for="p">Password</label><input id="p" name="password" type="password" aria-required="true" data-empty-message="${messages['password']}"></div>
      <div><input id="r" name="remember" type="checkbox" checked></div>
      <button type="submit">Login</button></form>`;
    return document.querySelector('form')!;
  }

  it('the build writes the messages the app shows for each empty field', () => {
    expect(emptyMessagesOf(loginInput, { username: '', password: '', remember: true })).toEqual({ username: 'Username is required', password: 'Password is required' });
  });

  it('shows each empty field’s message on its frame, focuses the first, and typing takes a message away', () => {
    const form = loginForm();
    clearMessagesOnInput();
    const empty = emptyRequiredFields(form);
    expect(empty.map((f) => f.name)).toEqual(['username', 'password']);
    expect(showEmptyMessages(empty)).toBe(true);
    const frames = () => [...form.querySelectorAll('[data-early-error]')].map((el) => el.getAttribute('data-early-error'));
    expect(frames()).toEqual(['Username is required', 'Password is required']);
    expect(document.activeElement).toBe(form.querySelector('[name="username"]'));
    const username = form.querySelector<HTMLInputElement>('[name="username"]')!;
    username.value = 'someone';
    username.dispatchEvent(new Event('input', { bubbles: true }));
    expect(frames()).toEqual(['Password is required']);
    expect(emptyRequiredFields(form).map((f) => f.name)).toEqual(['password']);
  });

  it('a field with only spaces counts as empty; a filled form has nothing to show', () => {
    const form = loginForm();
    form.querySelector<HTMLInputElement>('[name="username"]')!.value = '   ';
    form.querySelector<HTMLInputElement>('[name="password"]')!.value = 'secret';
    expect(emptyRequiredFields(form).map((f) => f.name)).toEqual(['username']);
    form.querySelector<HTMLInputElement>('[name="username"]')!.value = 'someone';
    expect(showEmptyMessages(emptyRequiredFields(form))).toBe(false);
  });

  it('a field the build wrote no message for is left to the app: nothing is shown', () => {
    const form = loginForm();
    form.querySelector('[name="password"]')!.removeAttribute('data-empty-message');
    expect(showEmptyMessages(emptyRequiredFields(form))).toBe(false);
    expect(form.querySelectorAll('[data-early-error]')).toHaveLength(0);
  });

  it('a held form is marked busy until the app takes it', () => {
    const form = loginForm();
    markBusy(form, true);
    expect(form.getAttribute('aria-busy')).toBe('true');
    markBusy(form, false);
    expect(form.hasAttribute('aria-busy')).toBe(false);
  });
});
