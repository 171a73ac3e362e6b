import { Badge } from "../ui/misc";
import { CHECKOUT_STATUS_INFO, type CheckoutStatus } from "./logic";

export function CheckoutStatusBadge({ status }: { status: CheckoutStatus }) {
  const info = CHECKOUT_STATUS_INFO[status];
  return <Badge tone={info.tone}>{info.label}</Badge>;
}
