// The console's messages (docs/product.md#admin-console): the layout shows them; the tabs raise them through this context.
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { Button } from './button';
import { failureOf } from '../lib/call-errors';

/** How long a success notice stays. */
const NOTICE_MS = 3000;

export interface Failure {
  title: string;
  message: string;
  details?: string | undefined;
}

export type Notice = { tone: 'success'; text: string } | ({ tone: 'error' } & Failure);

const detailsText = (details: unknown): string | undefined =>
  details === undefined || details === null ? undefined : typeof details === 'string' ? details : JSON.stringify(details, null, 2);

/** '{Action} Failed': the server's message (with the wait after a 429) or the exception's, and its details. */
export function actionFailure(action: string, err: unknown): Failure {
  const f = failureOf(err);
  return { title: `${action} Failed`, message: f.message || 'An unexpected error occurred', details: detailsText(f.details) };
}

/** A read that failed: the server's message, else a connection hint; the technical reason underneath. */
export function loadFailure(err: unknown): Failure {
  const f = failureOf(err);
  return f.kind === 'server'
    ? { title: 'Failed to load dashboard data', message: f.message, details: detailsText(f.details) ?? (f.status ? `HTTP ${f.status}` : undefined) }
    : { title: 'Failed to load dashboard data', message: 'Please check your connection and try again.', details: f.message };
}

const NoticeContext = createContext<(notice: Notice | null) => void>(() => undefined);

/** Raises a notice in the console's notice area (null clears it). */
export const useNotify = () => useContext(NoticeContext);

/** Holds the current notice for the layout; a success notice clears itself after NOTICE_MS. */
export function useNoticeState() {
  const [notice, setNotice] = useState<Notice | null>(null);
  useEffect(() => {
    if (notice?.tone !== 'success') return;
    const t = setTimeout(() => setNotice(null), NOTICE_MS);
    return () => clearTimeout(t);
  }, [notice]);
  return { notice, notify: setNotice as (notice: Notice | null) => void };
}

export function NoticeProvider({ notify, children }: { notify: (notice: Notice | null) => void; children: ReactNode }) {
  return <NoticeContext value={notify}>{children}</NoticeContext>;
}

export function SuccessNotice({ text }: { text: string }) {
  return (
    <div role="status" className="rounded-md border-l-4 border-green-700 bg-green-50 p-4 font-semibold text-green-900">
      {text}
    </div>
  );
}

export function ErrorBanner({ failure, onRetry }: { failure: Failure; onRetry?: (() => void) | undefined }) {
  return (
    <div role="alert" className="mt-3 rounded-md border-l-4 border-red-700 bg-red-50 p-4 text-red-900">
      <p className="font-semibold">{failure.title}</p>
      <p className="mt-1">{failure.message}</p>
      {failure.details ? (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer">Technical details</summary>
          <pre className="mt-1 break-all whitespace-pre-wrap">{failure.details}</pre>
        </details>
      ) : null}
      {onRetry ? (
        <Button variant="secondary" className="mt-3" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}
