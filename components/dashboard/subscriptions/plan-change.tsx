"use client";
// "Change plan" on a subscription's page (docs/subscriptions.md "Plan changes"): the product to move
// to (the organization's other subscription products), how the difference is billed, and the
// server's preview of what is charged now and at the next renewal, before the merchant confirms.
import { useState } from "react";
import { formatMoney } from "@/lib/money";
import { products } from "../hooks/catalog";
import { subscriptions, usePlanChangePreview, type SubscriptionResource } from "../hooks/subscriptions";
import { useOrganization } from "../organization";
import { formatDate } from "../format";
import { ConfirmButton, useConfirmState } from "../kit/confirm-dialog";
import { Field, inputClass } from "../ui/field";
import { useToast } from "../ui/toast";

const BEHAVIORS = {
  prorate: "Now; the difference with the next renewal",
  invoice: "Now; the difference charged now",
  next_period: "At the next renewal",
} as const;
type Behavior = keyof typeof BEHAVIORS;

export function PlanChangeAction({ subscription }: { subscription: SubscriptionResource }) {
  const organization = useOrganization();
  const [productId, setProductId] = useState("");
  const [behavior, setBehavior] = useState<Behavior>("prorate");
  const update = subscriptions.useUpdate(subscription.id);
  const dialog = useConfirmState(update, () => setProductId(""));
  const open = dialog.open;
  const notify = useToast();
  const list = products.useList(
    { organization_id: organization.id, is_recurring: true, is_archived: false, limit: 100 },
    { enabled: open },
  );
  const preview = usePlanChangePreview(subscription.id, open ? productId : "", behavior);
  const choices = (list.data?.items ?? []).filter((product) => product.id !== subscription.product_id);
  const money = (minor: number) => formatMoney(minor, subscription.currency);

  const confirm = () => {
    if (!productId) return;
    update.mutate(
      { product_id: productId, proration_behavior: behavior },
      {
        onSuccess: () => {
          dialog.close();
          notify(behavior === "next_period" ? "The plan changes at the next renewal" : "Plan changed");
        },
      },
    );
  };

  const id = `plan-change-${subscription.id}`;
  const data = preview.data;
  return (
    <ConfirmButton
      label="Change plan"
      size="sm"
      state={dialog}
      title="Change the plan?"
      confirmLabel="Change plan"
      action={update}
      error={update.error?.message ?? (preview.error ? preview.error.message : null)}
      onConfirm={confirm}
    >
      <div className="space-y-3">
        <p>
          {subscription.customer.email} · now on {subscription.product.name}.
        </p>
        <Field label="New plan" htmlFor={`${id}-product`}>
          <select
            id={`${id}-product`}
            className={inputClass}
            value={productId}
            onChange={(event) => setProductId(event.target.value)}
          >
            <option value="">Choose a product</option>
            {choices.map((product) => (
              <option key={product.id} value={product.id}>
                {product.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label="When" htmlFor={`${id}-behavior`}>
          <select
            id={`${id}-behavior`}
            className={inputClass}
            value={behavior}
            onChange={(event) => setBehavior(event.target.value as Behavior)}
          >
            {Object.entries(BEHAVIORS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </Field>
        {data ? (
          <p data-testid="plan-change-preview">
            {data.due_now.total > 0 ? `Charged now: ${money(data.due_now.total)}. ` : "Nothing charged now. "}
            {data.next_renewal.at
              ? `Next renewal on ${formatDate(data.next_renewal.at)}: ${money(data.next_renewal.total)}.`
              : ""}
          </p>
        ) : null}
      </div>
    </ConfirmButton>
  );
}
