// Nothing a visitor does on a prerendered page before the app is live is lost (docs/performance.md#what-runs-before-react).
// A link must not load natively while the app starts: the router's first replaceState cancels a page load in
// progress. Before the router exists the browser follows it and start() stops (takeLinkBeforeStart); after, the
// tap is held and the router follows it.
import { disclosureOf, toggleDisclosure } from './early-disclosures';
import { clearMessagesOnInput, emptyRequiredFields, markBusy, showEmptyMessages, type Field } from './early-messages';

const links: HTMLAnchorElement[] = [];
const typed = new Map<Field, string | boolean>();
const sent: { form: HTMLFormElement; submitter: HTMLElement | null }[] = [];
/** The prerendered forms the app is not yet live on (data-live): what is typed or sent in them is ours to keep. */
const builtForms = new Set<HTMLFormElement>();
let replaying = false;
/** Taps are ours to answer until React starts to hydrate (it answers them from then on). */
let answeringTaps = false;
let linkBeforeStart: HTMLAnchorElement | null = null;
let routerMade = false;
let stopRecording: () => void = () => undefined;

/** A link whose default action loads another document (not a tel:/mailto: link, nor a jump within the page). */
function leavesPage(event: MouseEvent, link: HTMLAnchorElement): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  if (link.target && link.target !== '_self') return false;
  if (link.hasAttribute('download') || !/^https?:$/.test(link.protocol)) return false;
  const here = window.location;
  return !(link.origin === here.origin && link.pathname === here.pathname && link.search === here.search && link.hash !== '');
}

function recordTap(event: MouseEvent): void {
  if (!answeringTaps) return;
  const target = event.target instanceof Element ? event.target : null;
  const link = target?.closest('a[href]');
  if (link instanceof HTMLAnchorElement) {
    if (!leavesPage(event, link)) return;
    if (!routerMade) {
      // The browser loads the page at once; the app will not start under it.
      linkBeforeStart = link;
      return;
    }
    if (link.origin !== window.location.origin) return;
    event.preventDefault();
    if (!links.includes(link)) links.push(link);
    return;
  }
  const disclosure = disclosureOf(target);
  if (disclosure) toggleDisclosure(disclosure);
}

/** The prerendered form, not yet live, that `target` is in, if any. */
function builtFormOf(target: EventTarget | null): HTMLFormElement | null {
  const form = target instanceof HTMLFormElement ? target : target instanceof Element ? target.closest('form') : null;
  return form && builtForms.has(form) && !form.hasAttribute('data-live') ? form : null;
}

function recordTyping(event: Event): void {
  const field = event.target;
  if (!builtFormOf(field) && replaying) return;
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) typed.set(field, field.checked);
  else if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement || field instanceof HTMLTextAreaElement) typed.set(field, field.value);
}

function recordSubmit(event: SubmitEvent): void {
  const form = builtFormOf(event.target);
  if (!form) return;
  // Ours alone until the app is live on the form: the browser must not send it (a GET with the fields in the
  // address), and React must not see it before it has hydrated the form.
  event.preventDefault();
  event.stopImmediatePropagation();
  // Required fields left empty: their messages now, and nothing to send.
  if (showEmptyMessages(emptyRequiredFields(form))) return;
  sent.push({ form, submitter: event.submitter });
  markBusy(form, true);
  if (replaying) whenMarked(form, 'data-live', () => replayForm(form));
}

/**
 * Starts answering taps and sends, and recording typing, inside `root`. With `holdForms` (the app starts at once and
 * may draw the page anew) the built forms are inert until live: typing into a form the app replaces would be lost.
 */
export function recordEarlyInput(root: HTMLElement, holdForms: boolean): void {
  answeringTaps = true;
  clearMessagesOnInput();
  for (const form of root.querySelectorAll('form')) {
    builtForms.add(form);
    if (holdForms) form.inert = true;
  }
  root.addEventListener('click', recordTap);
  root.addEventListener('input', recordTyping, true);
  root.addEventListener('change', recordTyping, true);
  root.addEventListener('submit', recordSubmit, true);
  stopRecording = () => {
    root.removeEventListener('click', recordTap);
    root.removeEventListener('input', recordTyping, true);
    root.removeEventListener('change', recordTyping, true);
    root.removeEventListener('submit', recordSubmit, true);
  };
}

/** For start(), before it makes the router: the link the browser is following, if any. Later taps are held. */
export function takeLinkBeforeStart(): HTMLAnchorElement | null {
  routerMade = true;
  return linkBeforeStart;
}

/** The field's selection, where its type has one (not e-mail, date or number fields). */
function selectionOf(field: HTMLInputElement | HTMLTextAreaElement): [number, number, 'forward' | 'backward' | 'none'] | null {
  const { selectionStart, selectionEnd, selectionDirection } = field;
  return selectionStart === null || selectionEnd === null ? null : [selectionStart, selectionEnd, selectionDirection ?? 'none'];
}

/**
 * Gives a field the visitor's value as their own typing would. React ignores a change to the value it tracks (set
 * through the element's own property), so the field is set that way to something else first, then to the value
 * through the prototype's setter, which React does not track, and the events follow.
 */
function retype(field: Field, value: string | boolean): void {
  if (typeof value === 'boolean') {
    if (!(field instanceof HTMLInputElement) || (field.type === 'radio' && !value)) return;
    field.checked = !value;
    // A click toggles it back and sends click, input and change, as a tap would (React reads a box's click).
    field.click();
    return;
  }
  // React does not track a select's value: it reads every change event.
  if (field instanceof HTMLSelectElement) field.value = value;
  else {
    // The visitor may be mid-edit in this very field (a selection about to be typed over): it is kept.
    const selection = document.activeElement === field ? selectionOf(field) : null;
    field.value = value === '' ? '-' : '';
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, value);
    if (selection) field.setSelectionRange(...selection);
  }
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Runs `then` once `element` has `attribute` (set by the app when it is live there). */
function whenMarked(element: HTMLElement, attribute: string, then: () => void): void {
  if (element.hasAttribute(attribute)) return then();
  const observer = new MutationObserver(() => {
    if (!element.hasAttribute(attribute)) return;
    observer.disconnect();
    then();
  });
  observer.observe(element, { attributes: true, attributeFilter: [attribute] });
}

/** Puts back what was typed into `form`'s fields (or into fields outside any form, for null), and sends it if sent. */
function replayForm(form: HTMLFormElement | null): void {
  if (form) {
    builtForms.delete(form);
    form.inert = false;
  }
  if (replaying && builtForms.size === 0) stopRecording();
  for (const [field, value] of typed) {
    if (field.form !== form) continue;
    typed.delete(field);
    if (field.isConnected) retype(field, value);
  }
  const held = sent.filter((s) => s.form === form);
  sent.splice(0, sent.length, ...sent.filter((s) => s.form !== form));
  for (const { form: sentForm, submitter } of held) {
    markBusy(sentForm, false);
    if (!sentForm.isConnected) continue;
    if (submitter instanceof HTMLButtonElement && submitter.isConnected && sentForm.contains(submitter)) sentForm.requestSubmit(submitter);
    else sentForm.requestSubmit();
  }
}

/**
 * Called as hydration starts: taps from here on are React's. `replay`, once html[data-app-live], puts back each
 * form's typing and resends it once that form has data-live (lib/hydration.ts), and clicks the held links still in
 * the page. `links` are those links, for a page drawn anew.
 */
export function takeEarlyInput(): { replay: () => void; links: HTMLAnchorElement[] } {
  answeringTaps = false;
  const held = links.splice(0);
  return {
    links: held,
    replay: () =>
      whenMarked(document.documentElement, 'data-app-live', () => {
        replaying = true;
        for (const form of [...builtForms]) {
          if (form.isConnected) whenMarked(form, 'data-live', () => replayForm(form));
          else builtForms.delete(form);
        }
        replayForm(null);
        for (const link of held) if (link.isConnected) link.click();
      }),
  };
}
