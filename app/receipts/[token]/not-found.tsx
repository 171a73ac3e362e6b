// A forged, mistyped or unknown receipt link: a real 404 page.
import { StatusMessage } from "@/components/checkout/status-message";

export default function ReceiptNotFound() {
  return (
    <StatusMessage title="Receipt not found">
      <p>This receipt link doesn&apos;t exist. Check that you copied the whole address from your email.</p>
    </StatusMessage>
  );
}
