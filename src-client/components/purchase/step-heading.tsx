// Each step of the purchase opens with a heading that takes focus (docs/product.md#paying-online), so a keyboard or a
// screen reader follows the purchase as it moves on in the page.
import { useEffect, useRef, type ReactNode } from 'react';

/** A heading that takes focus when its step opens. */
export function StepHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h2 ref={ref} tabIndex={-1} className="text-xl font-bold text-brand-700">
      {children}
    </h2>
  );
}

