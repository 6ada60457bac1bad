// /admin/policies (docs/product.md#admin-console).
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { formatPounds } from '@server/contract/pounds';
import { productLabels } from '@server/contract/products';
import { toTwelveHour } from '@server/contract/time';
import type { PolicyView } from '@server/contract/views';
import { Button } from '../../components/button';
import { useNow } from '../../lib/use-now';
import { StatusBadge } from './badges';
import { DeleteDialog, PolicyDialog, type DeleteTarget } from './change-dialogs';
import { policiesQuery } from './queries';
import { listDepsOf } from './search';
import { ActionsCell, ListQueryFrame, TableSection, useListPager } from './table-section';

const route = getRouteApi('/_data/admin/policies');

/** A policy's label in the console: its number, or its id for a row made before numbers existed. */
const policyLabel = (p: PolicyView) => p.policyNumber || String(p.id);

export function PoliciesTab() {
  const deps = listDepsOf(route.useSearch());
  const policies = useQuery(policiesQuery(deps));
  const pager = useListPager(deps.page, policies.data);
  const [editing, setEditing] = useState<{ policy: PolicyView | null } | null>(null);
  const [deleting, setDeleting] = useState<DeleteTarget | null>(null);
  // A badge's 'Starts {date}' turns to Active when the cover starts, without a reload.
  const now = useNow(60_000);

  return (
    <ListQueryFrame query={policies}>
      <TableSection
        title="Policies"
        aside={<Button onClick={() => setEditing({ policy: null })}>Add Policy</Button>}
        columns={['Policy #', 'Username', 'Holder', 'Vehicle', 'Product', 'Start Date/Time', 'End Date/Time', 'Status', 'Actions']}
        footer={pager}
      >
        {(policies.data?.items ?? []).map((p) => {
          const label = policyLabel(p);
          return (
            <tr key={p.id} className="border-b border-slate-200 bg-white">
              <td className="p-2 font-semibold">{label}</td>
              <td className="p-2">{p.username ?? 'N/A'}</td>
              <td className="p-2">{p.holderName}</td>
              <td className="p-2">{p.carModel}</td>
              <td className="p-2">
                {productLabels[p.product]}
                {p.premium !== null ? (
                  <span className="block text-sm text-ink-muted">
                    <span className="sr-only">Premium </span>
                    {formatPounds(p.premium)}
                  </span>
                ) : null}
              </td>
              <td className="p-2 whitespace-nowrap">
                {p.startDate} {toTwelveHour(p.startTime)}
              </td>
              <td className="p-2 whitespace-nowrap">
                {p.endDate} {toTwelveHour(p.endTime)}
              </td>
              <td className="p-2">
                <StatusBadge policy={p} now={now} />
              </td>
              <ActionsCell>
                <div className="flex gap-2">
                  <Button variant="secondary" aria-label={`Edit policy ${label}`} onClick={() => setEditing({ policy: p })}>
                    Edit
                  </Button>
                  <Button variant="danger" aria-label={`Delete policy ${label}`} onClick={() => setDeleting({ type: 'policy', id: p.id, label })}>
                    Delete
                  </Button>
                </div>
              </ActionsCell>
            </tr>
          );
        })}
      </TableSection>
      {editing ? <PolicyDialog policy={editing.policy} onClose={() => setEditing(null)} /> : null}
      {deleting ? <DeleteDialog target={deleting} onClose={() => setDeleting(null)} /> : null}
    </ListQueryFrame>
  );
}
