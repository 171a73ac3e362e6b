import { Badge } from "../ui/misc";
import { STATUS_LABELS, STATUS_TONES, type LicenseKeyStatus } from "./logic";

export function LicenseKeyStatusBadge({ status }: { status: LicenseKeyStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{STATUS_LABELS[status]}</Badge>;
}
