"use client";
// The buyer's subscriptions: status, next charge, the card on file; Cancel (with a reason, at the
// period's end) or Keep my subscription; Change plan (./plan-dialog.tsx) when the seller allows it;
// a new card, shown at once with a prominent notice when a payment failed. One card form is open
// at a time.
import { useTranslator } from "@/components/i18n/translator-context";
import { useEffect, useRef, useState } from "react";
import { ApiRequestError } from "@/components/api-client";
import { Spinner } from "@/components/checkout/fields";
import type { PortalSubscription } from "./api";
import { CancelDialog } from "./cancel-dialog";
import { paymentMethodOutcome } from "./card-rules";
import {
  canCancel,
  canUncancel,
  canUpdatePaymentMethod,
  chargeLabel,
  discountLine,
  formatDate,
  isEnded,
  openPaymentFormId,
  paymentMethodLabel,
  scheduleLine,
  subscriptionStatus,
} from "./format";
import { usePortalSession, useSubscriptions, useUpdateSubscription } from "./hooks";
import { canChangePlan, planOptions } from "./plan-choice";
import { PlanDialog } from "./plan-dialog";
import { SubscriptionPaymentMethodForm } from "./payment-method-form";
import { Badge, DANGER, Empty, LINK, Panel, QueryState, SECONDARY } from "./ui";

type CardProps = {
  subscription: PortalSubscription;
  formOpen: boolean;
  onToggleForm: (open: boolean) => void;
};

function SubscriptionCard({ subscription: sub, formOpen, onToggleForm }: CardProps) {
  const [dialogOpen, setDialogOpen] = useState(false);
  const [planOpen, setPlanOpen] = useState(false);
  const tr = useTranslator();
  const { organization } = usePortalSession();
  const plans = canChangePlan(sub) ? planOptions(organization, sub, tr) : [];
  const [announcement, setAnnouncement] = useState("");
  const uncancel = useUpdateSubscription();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  // The button that was used disappears with the change: focus moves to the one that undoes it.
  const moveFocus = useRef(false);
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    (sub.cancel_at_period_end ? keepRef : cancelRef).current?.focus();
  }, [sub.cancel_at_period_end]);
  const status = subscriptionStatus(sub, tr);
  const schedule = scheduleLine(sub, tr);
  const discounted = discountLine(sub, tr);
  const pastDue = sub.status === "past_due";

  const keep = () =>
    uncancel.mutate(
      { id: sub.id, body: { cancel_at_period_end: false } },
      {
        onSuccess: () => {
          moveFocus.current = true;
          setAnnouncement(tr.t("portal.keptAnnouncement"));
        },
      },
    );
  const uncancelError =
    uncancel.error && !(uncancel.error instanceof ApiRequestError && uncancel.error.status === 401)
      ? uncancel.error.message
      : null;

  const form = (
    <SubscriptionPaymentMethodForm
      subscription={sub}
      onDone={(updated) => {
        onToggleForm(false);
        setAnnouncement(paymentMethodOutcome(sub.status, updated.status, tr));
      }}
      onCancel={pastDue ? undefined : () => onToggleForm(false)}
    />
  );

  return (
    <li data-testid="portal-subscription" className="py-4 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="min-w-0 font-medium wrap-anywhere text-zinc-900 dark:text-zinc-100">
          {sub.product.name}
        </h3>
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      <p className="mt-1 text-sm text-zinc-900 tabular-nums dark:text-zinc-100">{chargeLabel(sub, tr)}</p>
      {discounted ? (
        <p data-testid="portal-discount-line" className="text-sm text-zinc-600 dark:text-zinc-400">
          {discounted}
        </p>
      ) : null}
      {schedule ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{schedule}</p> : null}
      {!isEnded(sub) ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {tr.t("portal.payingWith", { method: paymentMethodLabel(sub.payment_method, tr) })}
          {sub.started_at ? ` · ${tr.t("portal.since", { date: formatDate(sub.started_at, tr) })}` : ""}
        </p>
      ) : null}

      {pastDue ? (
        <div className="mt-4 rounded-xl border border-red-300 bg-red-50 p-4 dark:border-red-500/40 dark:bg-red-500/10">
          <h4 className="font-semibold text-red-800 dark:text-red-200">
            {tr.t("portal.lastPaymentFailedTitle")}
          </h4>
          <p className="mt-1 mb-4 text-sm text-red-800 dark:text-red-200">
            {tr.t("portal.pastDueNotice", { product: sub.product.name })}
          </p>
          {formOpen ? (
            form
          ) : (
            <button type="button" className={DANGER} onClick={() => onToggleForm(true)}>
              {tr.t("portal.updatePaymentMethod")}
            </button>
          )}
        </div>
      ) : formOpen ? (
        <div className="mt-4 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800">
          <h4 className="mb-3 text-sm font-semibold text-zinc-900 dark:text-zinc-100">
            {tr.t("portal.newCard")}
          </h4>
          {form}
        </div>
      ) : null}

      {!isEnded(sub) ? (
        <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
          {canUncancel(sub) ? (
            <button
              ref={keepRef}
              type="button"
              className={SECONDARY}
              disabled={uncancel.isPending}
              onClick={keep}
            >
              {uncancel.isPending ? <Spinner /> : null}
              {tr.t("portal.keepSubscription")}
            </button>
          ) : null}
          {plans.length ? (
            <button type="button" className={SECONDARY} onClick={() => setPlanOpen(true)}>
              {tr.t("portal.changePlan")}
            </button>
          ) : null}
          {canUpdatePaymentMethod(sub) && !pastDue && !formOpen ? (
            <button type="button" className={SECONDARY} onClick={() => onToggleForm(true)}>
              {tr.t("portal.updatePaymentMethod")}
            </button>
          ) : null}
          {canCancel(sub) ? (
            <button
              ref={cancelRef}
              type="button"
              className={`${LINK} text-sm`}
              onClick={() => setDialogOpen(true)}
            >
              {tr.t("portal.cancelSubscription")}
            </button>
          ) : null}
        </div>
      ) : null}
      {uncancelError ? (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {uncancelError}
        </p>
      ) : null}
      <p
        role="status"
        aria-live="polite"
        className={announcement ? "mt-2 text-sm text-emerald-700 dark:text-emerald-400" : ""}
      >
        {announcement}
      </p>
      {plans.length || planOpen ? (
        <PlanDialog
          subscription={sub}
          options={plans}
          open={planOpen}
          onClose={() => setPlanOpen(false)}
          onChanged={(updated) => {
            setPlanOpen(false);
            setAnnouncement(tr.t("portal.nowOn", { product: updated.product.name }));
          }}
        />
      ) : null}
      {canCancel(sub) || dialogOpen ? (
        <CancelDialog
          subscription={sub}
          open={dialogOpen}
          onClose={() => setDialogOpen(false)}
          onCanceled={(updated) => {
            setDialogOpen(false);
            moveFocus.current = true;
            const ends = updated.ends_at ?? updated.current_period_end;
            setAnnouncement(
              ends
                ? tr.t("portal.canceledUntil", { date: formatDate(ends, tr) })
                : tr.t("portal.canceledAtPeriodEnd"),
            );
          }}
        />
      ) : null}
    </li>
  );
}

export function Subscriptions() {
  const tr = useTranslator();
  const subscriptions = useSubscriptions();
  // undefined: the default (a past-due subscription's form open); null: every form closed.
  const [openFormId, setOpenFormId] = useState<string | null | undefined>(undefined);
  const items = subscriptions.data?.items ?? [];
  const shownFormId = openPaymentFormId(items, openFormId);
  return (
    <Panel title={tr.t("portal.subscriptions")}>
      <QueryState query={subscriptions} what="subscriptions">
        {() =>
          items.length ? (
            <ul aria-label="Subscriptions" className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {items.map((sub) => (
                <SubscriptionCard
                  key={sub.id}
                  subscription={sub}
                  formOpen={shownFormId === sub.id}
                  onToggleForm={(open) => setOpenFormId(open ? sub.id : null)}
                />
              ))}
            </ul>
          ) : (
            <Empty>{tr.t("portal.noSubscriptions")}</Empty>
          )
        }
      </QueryState>
    </Panel>
  );
}
