// The seam between the checkout page and a payment processor's form (docs/checkout.md, "The page's
// parts"). The page knows nothing of cards: at Pay it asks the session's payment form to check what
// the buyer entered, then (every other check passed, the total final) for the single-use
// confirmation token confirm carries, and when confirm answers that the buyer must act
// (`requires_action`: the processor's step in `payment_processor_metadata.next_action`), it hands
// that step to the form. Which form a session gets is decided by its `payment_processor`
// (./payment-forms.ts).
import type { ComponentType, Ref } from "react";
import type { CheckoutView } from "./api";
import type { FieldErrors } from "./form-state";

/** A payment form's answer when the page asks it for a token. */
export type TokenResult = { token: string } | { errors: FieldErrors };

/** What the page calls on the payment form, through the `ref` it passes (React 19: a plain prop). */
export type PaymentFormHandle = {
  /** At Pay, before anything is sent: the problems with what the buyer entered (empty: none). */
  check(): FieldErrors | Promise<FieldErrors>;
  /** Once every check passed and the total is final: the token for `confirmation_token_id`. */
  createConfirmationToken(): Promise<TokenResult>;
  /**
   * Confirm answered that the buyer must act (3-D Secure, a bank's page): show the processor's step.
   * Resolves once the buyer has acted (the processor's notification then completes the payment);
   * rejects with a message for the buyer when they could not. Without it, such a payment stops with
   * a message.
   */
  handleNextAction?(action: Record<string, unknown>): Promise<void>;
};

export type PaymentFormProps = {
  checkout: CheckoutView;
  /** While Pay runs: the form's controls are locked. */
  disabled: boolean;
  /** The page's problems by field key; the form shows those under its `errorPrefix`. */
  errors: FieldErrors;
  /** Shows (or with null clears) a problem at one of the form's fields. */
  setFieldError: (key: string, message: string | null) => void;
  /**
   * The form cannot take a payment at all (its processor's script could not load): a sentence for
   * the buyer, and Pay is disabled; null once it can again. A form that always can never calls it.
   */
  setUnavailable: (message: string | null) => void;
  ref: Ref<PaymentFormHandle>;
};

/** One processor's form, as the page's registry lists it. */
export type PaymentForm = {
  Form: ComponentType<PaymentFormProps>;
  /** Problems whose key starts with it have a control in the form (the others show above Pay). */
  errorPrefix: string;
  /** Where a declined payment's message shows and the focus goes; null: above Pay only. */
  declineField: string | null;
};
