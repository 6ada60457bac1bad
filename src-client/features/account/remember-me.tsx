// The remember-me box of /login and /welcome (docs/product.md#sessions, #offline). Ticked by default: the
// certificate at the roadside with no signal needs the session to outlive the tab (kept in localStorage), and
// a promise that hangs on a checkbox nobody reads is no promise. The line under it says why, and tells the
// person on a shared computer to untick it (the session then lives in sessionStorage and ends with the tab).
import { forwardRef, type InputHTMLAttributes } from 'react';
import { CheckboxField } from '../../components/field';

const rememberMeTexts = {
  label: 'Keep me signed in on this device',
  hint: 'Needed to show your certificate offline. Untick this on a shared computer.',
} as const;

export const RememberMeField = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function RememberMeField(props, ref) {
  // Ticked in the markup too: a prerendered /login shows, and takes, the form before the app sets its values.
  return <CheckboxField ref={ref} defaultChecked label={rememberMeTexts.label} hint={rememberMeTexts.hint} {...props} />;
});
