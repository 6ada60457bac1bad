// The one message a form shows after it was sent, in the page. It takes focus when it appears, so keyboard and
// screen-reader users land on it.
import { useEffect, useRef, type ReactNode } from 'react';
import { Alert } from '../../components/alert';

export interface Notice {
  tone: 'error' | 'success' | 'info';
  text: string;
  /** Changes on every submit, so the same text twice is still announced and focused again. */
  seq: number;
}

let seq = 0;
export const notice = (tone: Notice['tone'], text: string): Notice => ({ tone, text, seq: ++seq });

export function FormMessage({ notice, children }: { notice: Notice; children?: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [notice.seq]);
  return (
    <div key={notice.seq} ref={ref} tabIndex={-1} className="mb-6 rounded-md focus:outline-2 focus:outline-offset-2 focus:outline-brand-700">
      <Alert tone={notice.tone}>
        <p>{notice.text}</p>
        {children}
      </Alert>
    </div>
  );
}
