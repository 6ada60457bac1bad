// Claims (docs/product.md#reporting-a-claim). Not built yet: the foundation names what the doors call.
import type { ClaimInput } from '../../contract/claim';
import type { ClaimListQuery, ClaimUpdateInput } from '../../contract/claim-queue';
import type { ClaimDetailView, ClaimView, MyClaimView, Page, RequestNoteView } from '../../contract/views';
import type { Caller, Deps } from '../../deps';

const notBuilt = (): never => {
  throw new Error('Claims are not built yet');
};

export const reportClaim = (_deps: Deps, _caller: Caller, _input: ClaimInput): Promise<MyClaimView> => notBuilt();
export const myClaims = (_deps: Deps, _caller: Caller): Promise<MyClaimView[]> => notBuilt();
export const listClaims = (_deps: Deps, _caller: Caller, _query: ClaimListQuery): Promise<Page<ClaimView>> => notBuilt();
export const getClaim = (_deps: Deps, _caller: Caller, _id: number): Promise<ClaimDetailView> => notBuilt();
export const updateClaim = (_deps: Deps, _caller: Caller, _id: number, _input: ClaimUpdateInput): Promise<ClaimDetailView> => notBuilt();
export const addClaimNote = (_deps: Deps, _caller: Caller, _id: number, _text: string): Promise<RequestNoteView> => notBuilt();
export const claimPhoto = (_deps: Deps, _caller: Caller, _id: number, _position: number, _size: 'full' | 'thumb'): Promise<{ bytes: Uint8Array; fileName: string }> => notBuilt();
