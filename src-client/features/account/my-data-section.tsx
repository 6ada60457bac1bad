// "My data" (docs/product.md#my-data): the UK GDPR right of access. "Download my data" saves the JSON file the server
// answers (GET /api/account/data, sent as an attachment); "View my data" opens the same copy as a page.
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { Alert } from '../../components/alert';
import { Button, buttonClass } from '../../components/button';
import { errorTextOf, fetchFile, saveFile } from '../../lib/rest';

export function MyDataSection({ showViewLink = true }: { showViewLink?: boolean }) {
  const headingId = useId();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const download = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      const res = await fetchFile('/account/data');
      if (!res.ok) {
        setOutcome({ tone: 'error', text: (await errorTextOf(res)) ?? 'Your data could not be downloaded. Please try again.' });
        return;
      }
      await saveFile(res, 'kerbside-cover-my-data.json');
      setOutcome({ tone: 'success', text: 'Your data has been downloaded as a JSON file.' });
    } catch {
      setOutcome({ tone: 'error', text: 'You appear to be offline. Please check your connection and try again.' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={headingId} className="mt-10">
      <h2 id={headingId} className="text-2xl font-bold text-brand-700">
        My data
      </h2>
      <p className="mt-2 max-w-prose">
        A copy of everything we hold about you: your account, quote and callback requests, policies, payments, claims, notes
        our staff wrote about them, the e-mails we sent you and the record of what happened on your account.
      </p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        <Button onClick={() => void download()} disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Preparing your data...' : 'Download my data'}
        </Button>
        {showViewLink ? (
          <Link to="/account/data" className={buttonClass('secondary')}>
            View my data
          </Link>
        ) : null}
      </div>
      {outcome ? (
        <div className="mt-4">
          <Alert tone={outcome.tone}>{outcome.text}</Alert>
        </div>
      ) : null}
    </section>
  );
}
