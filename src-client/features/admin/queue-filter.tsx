// The queue's 'Show' filter (docs/product.md#staff-queues): the choice is ?status= in the URL, the name the list
// query gives it, kept with the search term; a new choice starts again at page 1.
import { useNavigate } from '@tanstack/react-router';
import type { QueueFilter } from '@server/contract/queues';
import { requestStatuses } from '@server/contract/views';
import { SelectField } from '../../components/field';
import type { PageSearch, QueueSearch, TermSearch } from './search';

/** The choices, in the order a broker reaches for them; '' is every request. */
const FILTER_OPTIONS: { value: QueueFilter | ''; label: string }[] = [
  { value: '', label: 'All requests' },
  { value: 'open', label: 'Open (not closed)' },
  { value: 'overdue', label: 'Overdue' },
  ...requestStatuses.map((s) => ({ value: s, label: s.charAt(0).toUpperCase() + s.slice(1) })),
];

export function QueueFilterField({ value }: { value: QueueFilter | undefined }) {
  const navigate = useNavigate();
  return (
    <SelectField
      label="Show"
      name="status"
      // A view of the list, not an answer: always set, so neither required nor optional.
      aria-required={undefined}
      options={FILTER_OPTIONS}
      value={value ?? ''}
      onChange={(e) => {
        const status = (e.target.value || undefined) as QueueFilter | undefined;
        void navigate({ to: '.', search: (prev: TermSearch & PageSearch & QueueSearch) => ({ ...prev, status, page: undefined }) });
      }}
    />
  );
}
