// One request opened from its queue, read afresh (docs/product.md#staff-queues).
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useRef, type ReactNode } from 'react';
import type { QueueKind } from '@server/contract/queues';
import type { RequestNoteView, RequestStatus, StaffRefView } from '@server/contract/views';
import { CallbackRequestFacts, QuoteRequestFacts } from './request-facts';
import { Modal, useDiscardGuard } from './dialog';
import { ErrorBanner, loadFailure } from './notices';
import { callbackItemQuery, quoteItemQuery } from './queries';
import { QuoteActions } from './quote-actions';
import { RequestNotes } from './request-notes';
import { RequestStatusForm } from './request-status-form';

const ITEM_TITLES: Record<QueueKind, string> = { quotes: 'Quote request', callbacks: 'Callback request' };

type WorkedRequest = { id: number; status: RequestStatus; assignee: StaffRefView | null; notes: RequestNoteView[] };

/** onClose closes at once (after a save); onCancel asks first when something is unsaved. */
type WorkProps = { onClose: () => void; onCancel: () => void; onDirtyChange: (dirty: boolean) => void };

export function RequestDialog({ kind, id, reference, onClose }: { kind: QueueKind; id: number; reference: string; onClose: () => void }) {
  const guard = useDiscardGuard(onClose);
  const work: WorkProps = { onClose, onCancel: guard.requestClose, onDirtyChange: guard.setDirty };
  return (
    <>
      <Modal title={`${ITEM_TITLES[kind]} ${reference}`} onClose={guard.requestClose}>
        {kind === 'quotes' ? <QuoteRequest id={id} {...work} /> : <CallbackRequest id={id} {...work} />}
      </Modal>
      {guard.prompt}
    </>
  );
}

function QuoteRequest({ id, ...work }: WorkProps & { id: number }) {
  return (
    <RequestFrame query={useQuery(quoteItemQuery(id))}>
      {(r) => (
        <>
          <QuoteRequestFacts request={r} />
          <div className="mt-4">
            <QuoteActions request={r} />
          </div>
          <RequestWork kind="quotes" request={r} {...work} />
        </>
      )}
    </RequestFrame>
  );
}

function CallbackRequest({ id, ...work }: WorkProps & { id: number }) {
  return (
    <RequestFrame query={useQuery(callbackItemQuery(id))}>
      {(r) => (
        <>
          <CallbackRequestFacts request={r} />
          <RequestWork kind="callbacks" request={r} {...work} />
        </>
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
function RequestWork({ kind, request, onClose, onCancel, onDirtyChange }: WorkProps & { kind: QueueKind; request: WorkedRequest }) {
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
