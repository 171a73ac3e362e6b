import type { PriceType } from "../hooks/orders";
import { Badge } from "../ui/misc";

export const PRICE_TYPE_LABELS: Record<PriceType, string> = { one_time: "One-time", recurring: "Recurring" };

export function TypeBadge({ type }: { type: PriceType }) {
  return <Badge tone={type === "recurring" ? "blue" : "zinc"}>{PRICE_TYPE_LABELS[type]}</Badge>;
}
