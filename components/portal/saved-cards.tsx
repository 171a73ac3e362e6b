"use client";
// The buyer's saved cards (docs/portal.md, "Saved cards"): each as the buyer knows it, with Remove,
// and Add card (./add-saved-card.tsx). A card a subscription still bills cannot go (the server says
// so, and the message shows under the card); removing asks first. Nothing for a buyer with neither
// a card nor a subscription.
import { useTranslator } from "@/components/i18n/translator-context";
import { useState } from "react";
import type { SavedCard } from "./api";
import { paymentMethodLabel } from "./format";
import { AddSavedCard } from "./add-saved-card";
import { useRemoveSavedCard, useSavedCards, useSubscriptions } from "./hooks";
import { DANGER, Panel, QueryState, SECONDARY } from "./ui";

export function SavedCards() {
  const tr = useTranslator();
  const cards = useSavedCards();
  const subscriptions = useSubscriptions();
  const none = cards.isSuccess && cards.data.items.length === 0;
  if (none && (!subscriptions.isSuccess || subscriptions.data.items.length === 0)) return null;
  return (
    <Panel title={tr.t("portal.savedCards")}>
      <QueryState query={cards} what="saved cards">
        {() =>
          none ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">{tr.t("portal.noSavedCard")}</p>
          ) : (
            <ul
              aria-label={tr.t("portal.savedCards")}
              className="divide-y divide-zinc-200 dark:divide-zinc-800"
            >
              {cards.data!.items.map((card) => (
                <SavedCardRow key={card.id} card={card} />
              ))}
            </ul>
          )
        }
      </QueryState>
      <AddSavedCard />
    </Panel>
  );
}

function SavedCardRow({ card }: { card: SavedCard }) {
  const remove = useRemoveSavedCard();
  const [asking, setAsking] = useState(false);
  // A card the processor never described (the built-in test processor's) is just "Saved card".
  const tr = useTranslator();
  const label = card.method_metadata
    ? paymentMethodLabel(card.method_metadata, tr)
    : tr.t("portal.savedCard");
  const expiry = card.method_metadata
    ? ` · ${tr.t("portal.cardExpires", {
        date: `${String(card.method_metadata.exp_month).padStart(2, "0")}/${card.method_metadata.exp_year}`,
      })}`
    : "";
  return (
    <li data-testid="portal-saved-card" className="py-3 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-zinc-900 dark:text-zinc-100">
          {label}
          <span className="text-sm text-zinc-500 dark:text-zinc-400">{expiry}</span>
        </span>
        {asking ? (
          <span className="flex flex-wrap items-center gap-2 text-sm">
            <span className="text-zinc-700 dark:text-zinc-300">{tr.t("portal.removeCardConfirm")}</span>
            <button
              type="button"
              className={DANGER}
              disabled={remove.isPending}
              onClick={() => remove.mutate(card.id, { onSettled: () => setAsking(false) })}
            >
              {tr.t("portal.remove")}
            </button>
            <button type="button" className={SECONDARY} onClick={() => setAsking(false)}>
              {tr.t("portal.keepIt")}
            </button>
          </span>
        ) : (
          <button
            type="button"
            className={SECONDARY}
            aria-label={tr.t("portal.removeLabel", { label })}
            onClick={() => {
              remove.reset();
              setAsking(true);
            }}
          >
            {tr.t("portal.remove")}
          </button>
        )}
      </div>
      {remove.error ? (
        <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
          {remove.error.message}
        </p>
      ) : null}
    </li>
  );
}
