// /admin/logs (docs/product.md#audit-log).
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { LevelBadge } from './badges';
import { formatTimestamp, inConsoleTime } from './format';
import { logsQuery } from './queries';
import { listDepsOf } from './search';
import { ListQueryFrame, totalText, useListPager } from './table-section';

const route = getRouteApi('/_data/admin/logs');

export function LogsTab() {
  const deps = listDepsOf(route.useSearch());
  const logs = useQuery(logsQuery(deps));
  const pager = useListPager(deps.page, logs.data);

  return (
    <ListQueryFrame query={logs}>
      <div>
        <div className="mb-4 flex items-center justify-between">
          <h2 className="text-xl font-bold text-ink">Logs</h2>
          <p className="text-ink-muted">{totalText(logs.data?.total ?? 0, logs.data?.totalIsLowerBound)} total entries</p>
        </div>
        <ul className="divide-y divide-slate-200">
          {(logs.data?.items ?? []).map((l) => (
            <li key={l.id} className="flex flex-wrap items-center gap-3 py-3">
              <LevelBadge level={l.level} />
              <span className="font-semibold">{inConsoleTime(l.action)}</span>
              {l.count > 1 && (
                // A repeated event counted on one entry (docs/product.md#audit-log): how often, and when last.
                <span className="text-sm text-ink-muted">
                  ×{l.count}, last <time dateTime={l.lastTimestamp}>{formatTimestamp(l.lastTimestamp)}</time>
                </span>
              )}
              <span className="text-ink-muted">{l.username ?? 'system'}</span>
              <time dateTime={l.timestamp} className="ml-auto text-sm text-ink-muted">
                {formatTimestamp(l.timestamp)}
              </time>
            </li>
          ))}
        </ul>
        {pager}
      </div>
    </ListQueryFrame>
  );
}
