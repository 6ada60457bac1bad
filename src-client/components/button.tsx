import type { ButtonHTMLAttributes } from 'react';
import { brandTelHref } from '@server/contract/brand';

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-slate-400',
  secondary: 'border border-brand-700 bg-white text-brand-700 hover:bg-brand-50 disabled:border-slate-300 disabled:text-slate-500',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-slate-400',
  ghost: 'text-brand-700 underline-offset-4 hover:underline disabled:text-slate-500',
};

/** An inline text link: underlined, brand colour (9.5:1 on white). */
export const textLinkClass = 'font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800';

/**
 * A link that writes to an address, showing the address. An address is one unbreakable word as wide as a 320 px
 * phone's column (WCAG 1.4.10 reflow): it may break after its '@', and nowhere else.
 */
export function MailLink({ email, className = textLinkClass }: { email: string; className?: string }) {
  const at = email.indexOf('@') + 1;
  return (
    <a href={`mailto:${email}`} className={className}>
      {at > 0 ? (
        <>
          {email.slice(0, at)}
          <wbr />
          {email.slice(at)}
        </>
      ) : (
        email
      )}
    </a>
  );
}

/**
 * A link that calls a number, showing the number. With a label, the accessible name starts with what the line
 * is for and still contains the visible number (WCAG 2.5.3).
 */
export function TelLink({ phone, label, className = textLinkClass }: { phone: string; label?: string; className?: string }) {
  return (
    <a href={brandTelHref(phone)} aria-label={label && `${label}: ${phone}`} className={className}>
      {phone}
    </a>
  );
}

/** A bulleted list in the text of a page. */
export const listClass = 'list-disc space-y-1 pl-5';

/** Shared by <Button> and links styled as buttons. */
export function buttonClass(variant: Variant = 'primary', extra = ''): string {
  return `inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-5 py-2.5 font-semibold transition-colors disabled:cursor-not-allowed ${VARIANTS[variant]} ${extra}`;
}

export function Button({ variant = 'primary', className = '', type = 'button', ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return <button type={type} className={buttonClass(variant, className)} {...rest} />;
}
