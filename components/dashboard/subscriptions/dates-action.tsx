"use client";
// "Change dates" on a subscription's page (docs/subscriptions.md "Adjusting dates"): in a trial, the
// day the trial ends (or "End trial now": the first period is charged at once); when active, the
// day it renews. A scheduled plan change can be dropped from the same page (DropPendingUpdate).
import { useState } from "react";
import { subscriptions, type SubscriptionResource } from "../hooks/subscriptions";
import { formatDate } from "../format";
import { Button } from "../ui/button";
import { ConfirmButton, useConfirmState } from "../kit/confirm-dialog";
import { Field, inputClass } from "../ui/field";
import { useToast } from "../ui/toast";
import { movableDate, movedInstant } from "./logic";

export function DatesAction({ subscription }: { subscription: SubscriptionResource }) {
  const field = movableDate(subscription);
  const current = subscription.current_period_end ? String(subscription.current_period_end) : null;
  const [day, setDay] = useState("");
  const update = subscriptions.useUpdate(subscription.id);
  const dialog = useConfirmState(update, () => setDay(current?.slice(0, 10) ?? ""));
  const notify = useToast();
  if (!field || !current) return null;
  const inTrial = field === "trial_end";
  const id = `dates-${subscription.id}`;
  const instant = movedInstant(day, current);

  const save = (value: string) => {
    const body = inTrial ? { trial_end: value } : { current_billing_period_end: value };
    update.mutate(body, {
      onSuccess: () => {
        dialog.close();
        notify(value === "now" ? "The trial ended: the first period is being charged" : "Dates changed");
      },
    });
  };

  return (
    <ConfirmButton
      label="Change dates"
      size="sm"
      state={dialog}
      title={inTrial ? "Change the trial's end?" : "Change the renewal date?"}
      confirmLabel="Save"
      action={update}
      error={update.error?.message ?? (day && !instant ? "Pick a day." : null)}
      onConfirm={() => instant && save(instant)}
    >
      <div className="space-y-3">
        <p>
          {inTrial
            ? `The trial ends on ${formatDate(current)}; the first period is charged then.`
            : `It renews on ${formatDate(current)}; the next period starts then.`}
        </p>
        <Field label={inTrial ? "Trial ends on" : "Renews on"} htmlFor={`${id}-day`}>
          <input
            id={`${id}-day`}
            type="date"
            className={inputClass}
            value={day}
            onChange={(event) => setDay(event.target.value)}
          />
        </Field>
        {inTrial ? (
          <Button size="sm" variant="secondary" disabled={update.isPending} onClick={() => save("now")}>
            End trial now
          </Button>
        ) : null}
      </div>
    </ConfirmButton>
  );
}

/** The scheduled plan change, with a button that drops it (`pending_update: null`). */
export function DropPendingUpdate({ subscription }: { subscription: SubscriptionResource }) {
  const update = subscriptions.useUpdate(subscription.id);
  const notify = useToast();
  const pending = subscription.pending_update;
  if (!pending) return null;
  return (
    <span className="inline-flex flex-wrap items-center gap-2" data-testid="pending-update">
      On {formatDate(String(pending.applies_at))}
      <Button
        size="sm"
        variant="secondary"
        disabled={update.isPending}
        onClick={() =>
          update.mutate(
            { pending_update: null },
            { onSuccess: () => notify("The scheduled plan change was dropped") },
          )
        }
      >
        Drop it
      </Button>
      {update.error ? (
        <span role="alert" className="text-red-700 dark:text-red-400">
          {update.error.message}
        </span>
      ) : null}
    </span>
  );
}
