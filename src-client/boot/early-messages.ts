// A form sent early with required fields empty shows their messages at once (docs/performance.md#the-first-interaction),
// drawn by CSS from `data-early-error` on the field's frame so the markup React hydrates stays the build's.

export type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const isField = (el: Element): el is Field => el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement;

/** The form's required fields (aria-required, as components/field.tsx marks them) that are empty. */
export function emptyRequiredFields(form: HTMLFormElement): Field[] {
  return [...form.elements].filter(isField).filter((field) => {
    if (field.getAttribute('aria-required') !== 'true') return false;
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) return false;
    return field.value.trim() === '';
  });
}

let announcer: HTMLElement | null = null;

/** Read out by screen readers: a live region of its own, outside #root (nothing React hydrates). */
function announce(text: string): void {
  if (!announcer) {
    announcer = document.createElement('div');
    announcer.setAttribute('role', 'alert');
    announcer.className = 'sr-only';
    document.body.append(announcer);
  }
  const region = announcer;
  region.textContent = '';
  // A change after the region is in place is what is announced.
  requestAnimationFrame(() => (region.textContent = text));
}

/** Shows the empty fields' messages and focuses the first, if every one has a message; returns whether it did. */
export function showEmptyMessages(fields: Field[]): boolean {
  const messages = fields.map((f) => f.dataset['emptyMessage']);
  if (fields.length === 0 || messages.some((m) => !m)) return false;
  fields.forEach((field, i) => field.parentElement?.setAttribute('data-early-error', messages[i]!));
  fields[0]!.focus();
  announce(`${messages.join('. ')}.`);
  return true;
}

/** A field typed into loses its early message (listened for as long as the page lives: it costs nothing). */
export function clearMessagesOnInput(): void {
  const clear = (event: Event) => {
    const frame = event.target instanceof Element ? event.target.parentElement : null;
    frame?.removeAttribute('data-early-error');
  };
  document.addEventListener('input', clear, true);
  document.addEventListener('change', clear, true);
}

/** Marks a held form busy until the app takes it (early-input.ts replays it then). */
export function markBusy(form: HTMLFormElement, busy: boolean): void {
  if (busy) form.setAttribute('aria-busy', 'true');
  else form.removeAttribute('aria-busy');
}
