// The payment processor interface. Checkout and renewals talk only to this, so a real card
// processor plugs in without touching their logic. It follows the card processors' flow: the
// buyer's browser turns card details into a single-use token (card numbers never reach this
// server), the server confirms a payment with that token, and the processor may settle it later
// (`pending`) and notify us, which `recordPaymentOutcome` handles.

export type PaymentCustomer = { email: string; name?: string | null };

export type PaymentResult =
  /** Money taken. `payment_method_ref` is set when a method was saved for future charges. */
  | { status: "succeeded"; payment_id: string; payment_method_ref: string | null }
  /** Accepted, outcome notified later by the processor (3-D Secure, bank transfers, ...). */
  | { status: "pending"; payment_id: string; payment_method_ref: string | null }
  | { status: "declined"; code: string; message: string };

export type SetupResult =
  { status: "succeeded"; payment_method_ref: string } | { status: "declined"; code: string; message: string };

export interface PaymentProcessor {
  /** Stored on checkout sessions and subscriptions as `payment_processor`. */
  readonly name: string;
  /**
   * Charges `amount` (minor units) with a client-side token. With `saveForFutureUse`, also keeps
   * the method for renewals. `idempotencyKey` makes a retried call return the first result.
   */
  createPayment(input: {
    amount: number;
    currency: string;
    token: string;
    customer: PaymentCustomer;
    saveForFutureUse: boolean;
    idempotencyKey: string;
  }): Promise<PaymentResult>;
  /** Saves a method for future charges without charging now (e.g. a fully discounted first period). */
  setupPaymentMethod(input: { token: string; customer: PaymentCustomer }): Promise<SetupResult>;
  /** Charges a saved method, off-session (renewals). */
  chargePaymentMethod(input: {
    amount: number;
    currency: string;
    paymentMethodRef: string;
    idempotencyKey: string;
  }): Promise<PaymentResult>;
  refund(input: {
    paymentId: string;
    amount: number;
    idempotencyKey: string;
  }): Promise<{ refund_id: string }>;
}
