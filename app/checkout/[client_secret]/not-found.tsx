// An unknown (or mistyped) client secret: a real 404 page, not a crash.
import { StatusMessage } from "@/components/checkout/status-message";

export default function CheckoutNotFound() {
  return (
    <StatusMessage title="Checkout not found">
      <p>This checkout link doesn&apos;t exist. Check that you copied the whole address.</p>
      <p>If you came here from a store, go back and start the checkout again.</p>
    </StatusMessage>
  );
}
