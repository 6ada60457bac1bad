// Headings that take focus when their step opens (docs/product.md#paying-online): the form the keyboard was in is
// gone, so a keyboard or a screen reader follows the page as it moves on: step 3's answer, each step of the purchase.
import { useEffect, useRef, type ReactNode } from 'react';

const LOOKS = {
  h1: 'text-3xl font-bold text-brand-700 sm:text-4xl',
  h2: 'text-xl font-bold text-brand-700',
} as const;

/** A heading (h2 unless said) that takes focus when it first shows. */
export function StepHeading({ children, level = 'h2' }: { children: ReactNode; level?: keyof typeof LOOKS }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const Tag = level;
  return (
    <Tag ref={ref} tabIndex={-1} className={LOOKS[level]}>
      {children}
    </Tag>
  );
}
