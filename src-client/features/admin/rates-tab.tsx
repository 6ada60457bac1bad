// /admin/rates (docs/product.md#rates): the owner's rate versions newest first, each downloadable as the JSON GET gives,
// and a new version made from any of them.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { RateVersionView } from '@server/contract/rates';
import { Button } from '../../components/button';
import { saveFile } from '../../lib/rest';
import { Badge } from './badges';
import { formatTimestamp } from './format';
import { ratesQuery } from './queries';
import { RateVersionDialog } from './rate-version-form';
import { ListQueryFrame } from './table-section';

const STATUS_BADGE = {
  live: <Badge tone="green">Live</Badge>,
  scheduled: <Badge tone="blue">Scheduled</Badge>,
  past: <Badge tone="slate">Past</Badge>,
} as const satisfies Record<RateVersionView['status'], unknown>;

/** The version as GET gives it, as a file: the same JSON can be changed and uploaded as a new version. */
function download(version: RateVersionView): Promise<void> {
  const blob = new Blob([`${JSON.stringify(version, null, 2)}\n`], { type: 'application/json' });
  return saveFile(new Response(blob), `rate-version-${version.id}.json`);
}

export function RatesTab() {
  const rates = useQuery(ratesQuery());
  const [from, setFrom] = useState<RateVersionView | null>(null);
  return (
    <ListQueryFrame query={rates}>
      <div>
        <h2 className="text-xl font-bold text-ink">Rates</h2>
        <p className="mt-1 max-w-prose text-ink-muted">
          Every request is priced on the live version. A version never changes once saved: make a new one from any version, to take effect now or
          from a chosen time.
        </p>
        <ul className="mt-4 grid gap-4" aria-label="Rate versions, newest first">
          {(rates.data?.items ?? []).map((v) => (
            <VersionItem key={v.id} version={v} onNew={() => setFrom(v)} />
          ))}
        </ul>
        {from ? <RateVersionDialog from={from} onClose={() => setFrom(null)} /> : null}
      </div>
    </ListQueryFrame>
  );
}

function VersionItem({ version: v, onNew }: { version: RateVersionView; onNew: () => void }) {
  const headingId = `rate-version-${v.id}`;
  return (
    <li className="rounded-lg border border-slate-300 bg-white p-4 shadow-sm" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="min-w-0 font-bold break-words text-ink">
          {v.name}
        </h3>
        {STATUS_BADGE[v.status]}
        {v.example ? <Badge tone="yellow">Example</Badge> : null}
      </div>
      {v.example ? (
        <p className="mt-2 font-semibold text-amber-900">These are example rates, not an insurer&apos;s: replace them with the insurer&apos;s rates before selling.</p>
      ) : null}
      <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold text-ink-muted">Version</dt>
        <dd>{v.id}</dd>
        <dt className="font-semibold text-ink-muted">Effective from (UK time)</dt>
        <dd>
          <time dateTime={v.effectiveFrom}>{formatTimestamp(v.effectiveFrom)}</time>
        </dd>
        <dt className="font-semibold text-ink-muted">Created</dt>
        <dd>
          by {v.createdBy}, <time dateTime={v.createdAt}>{formatTimestamp(v.createdAt)}</time>
        </dd>
      </dl>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void download(v)} aria-label={`Download JSON (version ${v.id})`}>
          Download JSON
        </Button>
        <Button onClick={onNew} aria-label={`New version from this one (version ${v.id})`}>
          New version from this one
        </Button>
      </div>
    </li>
  );
}
