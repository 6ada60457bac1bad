// The queue's 'Show' filter (docs/product.md#staff-queues): the choice is ?status= in the URL, the name the list
// query gives it, kept with the search term; a new choice starts again at page 1.
import { useNavigate } from '@tanstack/react-router';
import { SelectField } from '../../components/field';
import { queueStatuses, queueWords, statusLabel, type ConsoleQueue, type ConsoleQueueFilter } from './queue-kinds';
import { STARTS_WITHIN_CHOICES, type PageSearch, type QueueSearch, type TermSearch } from './search';

/** The choices, in the order a broker reaches for them; '' is every item of the queue. */
const filterOptions = (kind: ConsoleQueue): { value: ConsoleQueueFilter | ''; label: string }[] => [
  { value: '', label: `All ${queueWords[kind].plural}` },
  { value: 'open', label: 'Open (not closed)' },
  { value: 'overdue', label: 'Overdue' },
  ...queueStatuses(kind).map((s) => {
    const label = statusLabel(kind, s);
    return { value: s, label: label.charAt(0).toUpperCase() + label.slice(1) };
  }),
];

export function QueueFilterField({ kind, value }: { kind: ConsoleQueue; value: ConsoleQueueFilter | undefined }) {
  const navigate = useNavigate();
  return (
    <SelectField
      label="Show"
      name="status"
      // A view of the list, not an answer: always set, so neither required nor optional.
      aria-required={undefined}
      options={filterOptions(kind)}
      value={value ?? ''}
      onChange={(e) => {
        const status = (e.target.value || undefined) as ConsoleQueueFilter | undefined;
        void navigate({ to: '.', search: (prev: TermSearch & PageSearch & QueueSearch) => ({ ...prev, status, page: undefined }) });
      }}
    />
  );
}

const hoursText = (h: number) => (h > 48 && h % 24 === 0 ? `${h / 24} days` : `${h} hours`);

const STARTS_WITHIN_OPTIONS = [{ value: '', label: 'Any time' }, ...STARTS_WITHIN_CHOICES.map((h) => ({ value: String(h), label: `Within ${hoursText(h)}` }))];

/** The quote queue's "Cover starts" filter: ?startsWithin= hours from now, kept with the search and status. */
export function StartsWithinField({ value }: { value: number | undefined }) {
  const navigate = useNavigate();
  return (
    <SelectField
      label="Cover starts"
      name="startsWithin"
      aria-required={undefined}
      options={STARTS_WITHIN_OPTIONS}
      value={value === undefined ? '' : String(value)}
      onChange={(e) => {
        const startsWithin = e.target.value ? Number(e.target.value) : undefined;
        void navigate({ to: '.', search: (prev: TermSearch & PageSearch & QueueSearch) => ({ ...prev, startsWithin, page: undefined }) });
      }}
    />
  );
}
