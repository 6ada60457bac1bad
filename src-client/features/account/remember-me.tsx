// The remember-me box of /login and /welcome, ticked by default: the certificate at the roadside with no signal
// needs the session to outlive the tab (docs/product.md#offline).
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
