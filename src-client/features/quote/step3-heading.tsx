// Step 3's heading (docs/product.md#step-3-your-price), whichever answer it shows.
import { useEffect, useRef, type ReactNode } from 'react';

/** The page's heading takes focus: the form the keyboard was in is gone, so the answer is read out. */
export function Heading({ children }: { children: ReactNode }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-bold text-brand-700 sm:text-4xl">
      {children}
    </h1>
  );
}
