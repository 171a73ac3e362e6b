"use client";
// /dashboard/<org>/discounts/new and /dashboard/<org>/discounts/<id>: the form, and on an existing
// discount a Delete that asks first.
import { formatDateTime } from "../format";
import { EditRecordPage, NewRecordPage } from "../forms/edit-page";
import { discounts } from "../hooks/discounts";
import { DiscountForm } from "./form";

const BACK = { path: "/discounts", label: "Discounts" };

export function NewDiscountPage() {
  return (
    <NewRecordPage back={BACK} title="New discount">
      <DiscountForm />
    </NewRecordPage>
  );
}

export function EditDiscountPage({ id }: { id: string }) {
  return (
    <EditRecordPage
      back={BACK}
      query={discounts.useOne(id)}
      what="Discount"
      title={(discount) => discount.name}
      summary={(discount) =>
        `Redeemed ${discount.redemptions_count} time${discount.redemptions_count === 1 ? "" : "s"} · created ${formatDateTime(discount.created_at)}`
      }
      remove={{
        hooks: discounts,
        explain: "It can no longer be redeemed and its code is freed. Orders that used it keep it.",
      }}
    >
      {(discount) => <DiscountForm key={discount.id} discount={discount} />}
    </EditRecordPage>
  );
}
