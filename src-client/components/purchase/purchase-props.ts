// What the purchase (purchase.tsx) is given by the page it is on: step 3's price or the dashboard's request.

export interface PurchaseProps {
  reference: string;
  /**
   * The request's e-mail address: the account that buys must have proved it. Null where the request is already the
   * signed-in account's (the dashboard lists only its own).
   */
  requestEmail: string | null;
  premium: number;
  /** Whether a card can be taken online; else the price is accepted and paid by phone. */
  payOnline: boolean;
  /** Where a lapsed price can be priced again (step 3); elsewhere the lapse is said with the phone number. */
  onLapsed?: (() => void) | undefined;
  /** The button's accessible name where several are on a page (the dashboard names each for its request). */
  buttonLabel?: string | undefined;
}
