// One request or claim opened from its queue, read afresh (docs/product.md#staff-queues). From 1280 px it is a wide
// panel with its facts, actions (a claim: its photos) and notes side by side (docs/product.md#admin-console), so
// nothing needs scrolling past; narrower, the same parts stack in that order.
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useRef, type ReactNode } from 'react';
import type { QueueStatusOf } from '@server/contract/queues';
import type { RequestNoteView, StaffRefView } from '@server/contract/views';
import { ClaimPhotos } from './claim-photos';
import { CallbackRequestFacts, ClaimFacts, QuoteRequestFacts } from './request-facts';
import { Modal, useDiscardGuard } from '../../components/dialog';
import { ErrorBanner, loadFailure } from '../../components/notices';
import { callbackItemQuery, claimItemQuery, quoteItemQuery } from './queries';
import { queueWords, type ConsoleQueue } from './queue-kinds';
import { QuoteActions } from './quote-actions';
import { RequestNotes } from './request-notes';
import { RequestStatusForm } from './request-status-form';

/** A column after the first: stacked, its first part keeps the space above it; side by side, it starts at the top. */
const COLUMN = 'mt-4 xl:mt-0 xl:[&>:first-child]:mt-0';
/** The status form and notes: stacked, a rule parts them from what is above; side by side, the column parts them. */
const WORK_COLUMN = `${COLUMN} xl:[&>:first-child]:border-t-0 xl:[&>:first-child]:pt-0`;

type WorkedRequest<K extends ConsoleQueue> = { id: number; status: QueueStatusOf<K>; assignee: StaffRefView | null; notes: RequestNoteView[] };

/** onClose closes at once (after a save); onCancel asks first when something is unsaved. */
type WorkProps = { onClose: () => void; onCancel: () => void; onDirtyChange: (dirty: boolean) => void };

export function RequestDialog({ kind, id, reference, onClose }: { kind: ConsoleQueue; id: number; reference: string; onClose: () => void }) {
  const guard = useDiscardGuard(onClose);
  const work: WorkProps = { onClose, onCancel: guard.requestClose, onDirtyChange: guard.setDirty };
  return (
    <>
      <Modal title={`${queueWords[kind].item} ${reference}`} onClose={guard.requestClose} wide>
        {kind === 'quotes' ? <QuoteRequest id={id} {...work} /> : kind === 'callbacks' ? <CallbackRequest id={id} {...work} /> : <Claim id={id} {...work} />}
      </Modal>
      {guard.prompt}
    </>
  );
}

function QuoteRequest({ id, ...work }: WorkProps & { id: number }) {
  return (
    <RequestFrame query={useQuery(quoteItemQuery(id))}>
      {(r) => (
        <div className="xl:grid xl:grid-cols-3 xl:items-start xl:gap-6">
          <div>
            <QuoteRequestFacts request={r} />
          </div>
          <div className={COLUMN}>
            <QuoteActions request={r} />
          </div>
          <div className={WORK_COLUMN}>
            <RequestWork kind="quotes" request={r} {...work} />
          </div>
        </div>
      )}
    </RequestFrame>
  );
}

function CallbackRequest({ id, ...work }: WorkProps & { id: number }) {
  return (
    <RequestFrame query={useQuery(callbackItemQuery(id))}>
      {(r) => (
        <div className="xl:grid xl:grid-cols-2 xl:items-start xl:gap-6">
          <div>
            <CallbackRequestFacts request={r} />
          </div>
          <div className={WORK_COLUMN}>
            <RequestWork kind="callbacks" request={r} {...work} />
          </div>
        </div>
      )}
    </RequestFrame>
  );
}

/** A claim: its answers, its photos, then status, assignee and notes. */
function Claim({ id, ...work }: WorkProps & { id: number }) {
  return (
    <RequestFrame query={useQuery(claimItemQuery(id))}>
      {(r) => (
        <div className="xl:grid xl:grid-cols-3 xl:items-start xl:gap-6">
          <div>
            <ClaimFacts claim={r} />
          </div>
          <div className={COLUMN}>
            <ClaimPhotos claimId={r.id} photos={r.photos} />
          </div>
          <div className={WORK_COLUMN}>
            <RequestWork kind="claims" request={r} {...work} />
          </div>
        </div>
      )}
    </RequestFrame>
  );
}

/** Loading, 'Load Request Failed' with Try again, or the request. */
function RequestFrame<T>({ query, children }: { query: UseQueryResult<T, unknown>; children: (request: T) => ReactNode }) {
  if (query.isPending) return <p aria-busy="true">Loading request...</p>;
  if (query.isError) return <ErrorBanner failure={{ ...loadFailure(query.error), title: 'Load Request Failed' }} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}

/** The status form and the notes: unsaved choices or a note being written make the dialog ask before it closes. */
function RequestWork<K extends ConsoleQueue>({ kind, request, onClose, onCancel, onDirtyChange }: WorkProps & { kind: K; request: WorkedRequest<K> }) {
  // Told to the guard in the same turn as each part's change: a render in between would let an Escape pressed at
  // once close the dialog without asking.
  const unsaved = useRef({ chosen: false, typed: false });
  const setPart = useCallback(
    (part: 'chosen' | 'typed', dirty: boolean) => {
      unsaved.current[part] = dirty;
      onDirtyChange(unsaved.current.chosen || unsaved.current.typed);
    },
    [onDirtyChange],
  );
  const setChosen = useCallback((dirty: boolean) => setPart('chosen', dirty), [setPart]);
  const setTyped = useCallback((dirty: boolean) => setPart('typed', dirty), [setPart]);
  return (
    <>
      <RequestStatusForm kind={kind} request={request} onDone={() => unsaved.current.typed || onClose()} onCancel={onCancel} onDirtyChange={setChosen} />
      <RequestNotes kind={kind} requestId={request.id} notes={request.notes} onTypedChange={setTyped} />
    </>
  );
}
