// An unknown (or mistyped) organization slug: a real 404 page, not a crash.
import { StatusMessage } from "@/components/checkout/status-message";

export default function PortalNotFound() {
  return (
    <StatusMessage title="Portal not found">
      <p>There is no customer portal at this address. Check that you copied the whole link.</p>
      <p>The link is in the email you received with your purchase.</p>
    </StatusMessage>
  );
}
