"use client";
// A subscription row's actions, through PATCH and DELETE /v1/subscriptions/{id}: "Cancel at period
// end" (with the customer's reason), "Don't cancel" while the period lasts, and "Revoke now", each
// confirmed in a dialog first and announced by a toast after. An ended subscription has none.
import { useState } from "react";
import { subscriptions, type SubscriptionResource, type UpdateSubscription } from "../hooks/subscriptions";
import { formatDate } from "../format";
import { Button, type ButtonVariant } from "../ui/button";
import { ConfirmDialog } from "../kit/confirm-dialog";
import { Field, inputClass } from "../ui/field";
import { useToast } from "../ui/toast";
import {
  CANCELLATION_REASON_LABELS,
  subscriptionActions,
  type CancellationReason,
  type SubscriptionAction,
} from "./logic";

const COPY: Record<
  SubscriptionAction,
  { button: string; title: string; confirm: string; toast: string; variant: ButtonVariant }
> = {
  cancel: {
    button: "Cancel at period end",
    title: "Cancel at the end of the period?",
    confirm: "Cancel at period end",
    toast: "The subscription will end at the end of its period",
    variant: "danger",
  },
  uncancel: {
    button: "Don't cancel",
    title: "Keep this subscription?",
    confirm: "Keep subscription",
    toast: "The cancellation was taken back",
    variant: "primary",
  },
  revoke: {
    button: "Revoke now",
    title: "Revoke this subscription now?",
    confirm: "Revoke now",
    toast: "Subscription revoked",
    variant: "danger",
  },
};

function explanation(action: SubscriptionAction, subscription: SubscriptionResource): string {
  const end = subscription.current_period_end ? formatDate(subscription.current_period_end) : null;
  switch (action) {
    case "cancel":
      return `It will not renew. The customer keeps access${end ? ` until ${end}` : ""}, then its license keys stop working. The customer is emailed.`;
    case "uncancel":
      return `It renews${end ? ` on ${end}` : ""} as before.`;
    case "revoke":
      return "It ends at once: no further charges, and its license keys stop working now. This cannot be undone. The customer is emailed.";
  }
}

export function SubscriptionRowActions({ subscription }: { subscription: SubscriptionResource }) {
  const update = subscriptions.useUpdate(subscription.id);
  const notify = useToast();
  const [action, setAction] = useState<SubscriptionAction | null>(null);
  const [reason, setReason] = useState<CancellationReason | "">("");
  const [comment, setComment] = useState("");
  const actions = subscriptionActions(subscription);
  if (actions.length === 0) return <span className="text-zinc-400">—</span>;

  const open = (next: SubscriptionAction) => {
    update.reset();
    setReason("");
    setComment("");
    setAction(next);
  };

  const confirm = () => {
    if (!action) return;
    const body: UpdateSubscription =
      action === "revoke"
        ? { revoke: true }
        : action === "uncancel"
          ? { cancel_at_period_end: false }
          : {
              cancel_at_period_end: true,
              ...(reason ? { customer_cancellation_reason: reason } : {}),
              ...(comment.trim() ? { customer_cancellation_comment: comment.trim() } : {}),
            };
    const done = COPY[action].toast;
    update.mutate(body, {
      onSuccess: () => {
        setAction(null);
        notify(done);
      },
    });
  };

  const copy = action ? COPY[action] : null;
  const idBase = `subscription-${subscription.id}`;
  return (
    <div className="flex flex-wrap gap-1.5">
      {actions.map((next) => (
        <Button
          key={next}
          size="sm"
          variant={next === "uncancel" ? "primary" : "secondary"}
          onClick={() => open(next)}
        >
          {COPY[next].button}
        </Button>
      ))}
      <ConfirmDialog
        open={action !== null}
        title={copy?.title ?? ""}
        confirmLabel={copy?.confirm ?? ""}
        variant={copy?.variant ?? "primary"}
        busy={update.isPending}
        error={update.error ? update.error.message : null}
        onConfirm={confirm}
        onCancel={() => setAction(null)}
      >
        {action ? (
          <p>
            {subscription.customer.email} · {subscription.product.name}. {explanation(action, subscription)}
          </p>
        ) : null}
        {action === "cancel" ? (
          <div className="mt-3 space-y-3">
            <Field label="Reason (optional)" htmlFor={`${idBase}-reason`}>
              <select
                id={`${idBase}-reason`}
                className={inputClass}
                value={reason}
                onChange={(event) => setReason(event.target.value as CancellationReason | "")}
              >
                <option value="">No reason given</option>
                {Object.entries(CANCELLATION_REASON_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </Field>
            <Field label="Comment (optional)" htmlFor={`${idBase}-comment`}>
              <textarea
                id={`${idBase}-comment`}
                className={inputClass}
                rows={3}
                maxLength={2000}
                value={comment}
                onChange={(event) => setComment(event.target.value)}
              />
            </Field>
          </div>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
