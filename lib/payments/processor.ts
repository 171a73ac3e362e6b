// The payment processor interface. Checkout, renewals and refunds talk only to this, so a real card
// processor plugs in without touching their logic. It follows the card processors' flow: the
// buyer's browser turns card details into a single-use token (card numbers never reach this
// server), the server confirms a payment with that token, and the processor may answer at once,
// ask the buyer for a further step (3-D Secure: `requires_action`), or settle later (`pending`)
// and notify us, which `recordPaymentOutcome` (lib/payments/outcomes.ts) handles.
//
// Every call carries an idempotency key that the caller derives from its recorded payment attempt
// (lib/payments/attempts.ts): a retried call returns the first result instead of charging again,
// and `findPayment` looks the operation up by that key when a crash lost its answer.

export type PaymentCustomer = { email: string; name?: string | null };

/**
 * What the processor said of the payment besides its outcome: its risk evaluation and the card's
 * fingerprint (the same card whatever token carried it: failed confirms are budgeted by it).
 */
export type PaymentDetails = {
  risk_level?: string | null;
  risk_outcome?: string | null;
  card_fingerprint?: string | null;
  /** The card as the buyer recognizes it: brand (visa, mastercard…), last four digits, expiry. */
  card?: {
    brand: string | null;
    last4: string | null;
    exp_month: number | null;
    exp_year: number | null;
  } | null;
};

export type PaymentResult =
  /** Money taken. `payment_method_ref` is set when a method was saved for future charges. */
  (
    | { status: "succeeded"; payment_id: string; payment_method_ref: string | null }
    /** Accepted, outcome notified later by the processor (bank transfers, delayed capture, ...). */
    | { status: "pending"; payment_id: string; payment_method_ref: string | null }
    /**
     * The buyer must act before the payment can complete (3-D Secure, a bank redirect). `action` is
     * handed to the buyer's client as is (e.g. `{type: "redirect_to_url", url}`); the processor
     * later reports the outcome.
     */
    | {
        status: "requires_action";
        payment_id: string;
        payment_method_ref: string | null;
        action: Record<string, unknown>;
      }
    | { status: "declined"; code: string; message: string }
  ) & { details?: PaymentDetails };

/**
 * A method saved without a charge. `setup_id`: the processor's id of the operation when it has one
 * (Stripe's SetupIntent), recorded on the attempt so a later look-up finds it. `requires_action`: the
 * bank wants the buyer first (3-D Secure on a SetupIntent); `action` goes to the buyer's page as a
 * payment's does, and the processor later reports the outcome.
 */
export type SetupResult =
  | { status: "succeeded"; payment_method_ref: string; setup_id?: string; details?: PaymentDetails }
  | { status: "requires_action"; setup_id: string; action: Record<string, unknown> }
  | { status: "declined"; code: string; message: string };

export type RefundResult =
  | { status: "succeeded" | "pending"; refund_id: string }
  | { status: "failed"; code: string; message: string };

/** What the processor knows of an operation made with an idempotency key. */
export type PaymentLookup = PaymentResult | { status: "not_found" };

/**
 * A processor that creates a payment before confirming it (Stripe) reports the payment's id through
 * this as soon as it has one, and waits for it to be recorded before money can move: a crash after
 * that finds the payment by its id (`findPayment`), one before it moved no money.
 */
export type OnPaymentCreated = (processorPaymentId: string) => Promise<void>;

/** A dispute as the processor describes it after closing it (lib/disputes/accept.ts records it). */
export type ProcessorDispute = {
  id: string;
  status: string;
  amount: number;
  currency: string;
  reason: string;
  /** The disputed payment (Stripe's `pi_…`). */
  paymentId: string | null;
  evidenceDueBy: Date | null;
};

export interface PaymentProcessor {
  /** Stored on checkout sessions, subscriptions and payment attempts as `payment_processor`. */
  readonly name: string;
  /**
   * Charges `amount` (minor units) with a client-side token. With `saveForFutureUse`, also keeps
   * the method for renewals. `idempotencyKey` makes a retried call return the first result.
   * `returnUrl`: where a bank's page sends the buyer back; `processorPaymentId`: the payment a
   * previous try of this attempt created.
   */
  createPayment(input: {
    amount: number;
    currency: string;
    token: string;
    customer: PaymentCustomer;
    saveForFutureUse: boolean;
    idempotencyKey: string;
    returnUrl?: string;
    processorPaymentId?: string | null;
    onCreated?: OnPaymentCreated;
  }): Promise<PaymentResult>;
  /**
   * The fingerprint of the card behind a client-side token (the same card whatever token carries
   * it), without charging: failed confirms are budgeted by card (lib/checkout/card-testing.ts).
   */
  cardFingerprint?(token: string): Promise<string | null>;
  /** Saves a method for future charges without charging now (e.g. a fully discounted first period). */
  setupPaymentMethod(input: {
    token: string;
    customer: PaymentCustomer;
    idempotencyKey: string;
  }): Promise<SetupResult>;
  /**
   * Forgets a saved method at the processor (the buyer removed it): it can never be charged again.
   * Absent where the processor keeps nothing beyond our own records (the test processor).
   */
  forgetPaymentMethod?(paymentMethodRef: string): Promise<void>;
  /**
   * Concedes a dispute (the merchant accepts the chargeback): the processor closes it as lost.
   * A dispute closed already answers as it is. Absent where the processor reports no disputes.
   */
  closeDispute?(processorDisputeId: string): Promise<ProcessorDispute>;
  /** Charges a saved method, off-session (renewals). */
  chargePaymentMethod(input: {
    amount: number;
    currency: string;
    paymentMethodRef: string;
    idempotencyKey: string;
    processorPaymentId?: string | null;
    onCreated?: OnPaymentCreated;
  }): Promise<PaymentResult>;
  refund(input: {
    paymentId: string;
    amount: number;
    idempotencyKey: string;
    onCreated?: OnPaymentCreated;
  }): Promise<RefundResult>;
  /**
   * The operation (payment, setup or refund) made with `idempotencyKey` (whose id, when it was
   * recorded, is `processorPaymentId`), as the processor now sees it, or `not_found` when no call
   * with that key moved anything. Reconciliation relies on this.
   */
  findPayment(input: {
    idempotencyKey: string;
    processorPaymentId?: string | null;
    kind?: "charge" | "setup" | "renewal" | "refund";
    /** Refunds: the payment given back. */
    refundedPaymentId?: string | null;
  }): Promise<PaymentLookup>;
}
