// Disclosure buttons (aria-expanded, aria-controls) answered before the app is live
// (docs/performance.md#the-first-interaction): the controlled element shows by CSS from aria-expanded or by its
// `hidden` attribute, and React's first render reads the state back (lib/hydration.ts expandedOnPage).

/** Whether each controlled element shows and hides by its `hidden` attribute, learnt before it is first changed. */
const usesHidden = new WeakMap<HTMLElement, boolean>();

/** The disclosure button `target` is in, if any. */
export function disclosureOf(target: EventTarget | null): HTMLButtonElement | null {
  const button = target instanceof Element ? target.closest('button[aria-expanded][aria-controls]') : null;
  return button instanceof HTMLButtonElement && !button.disabled ? button : null;
}

/** Opens a closed disclosure and closes an open one, as the app's own handler would. */
export function toggleDisclosure(button: HTMLButtonElement): void {
  const expanded = button.getAttribute('aria-expanded') === 'true';
  const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
  // As built, an element hidden by its attribute is hidden exactly when its button is collapsed.
  if (panel && !usesHidden.has(panel)) usesHidden.set(panel, panel.hidden === !expanded);
  button.setAttribute('aria-expanded', String(!expanded));
  if (panel && usesHidden.get(panel)) panel.hidden = expanded;
}
