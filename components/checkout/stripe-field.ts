// Where the Stripe payment form's problems show (./stripe-payment-form.tsx), in a module of their
// own: the page's registry (./payment-forms.ts) needs these two names in its first load, and
// importing them from ./stripe-elements.ts would bring that whole module along.

/** The field key of the Payment Element: its problems show under it and a decline lands there. */
export const STRIPE_PAYMENT_FIELD = "stripe.payment";
/** The keys of the Stripe form's problems start with it. */
export const STRIPE_ERROR_PREFIX = "stripe.";
