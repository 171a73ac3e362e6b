"use client";
// "Get started" on the Overview of a new organization: four steps ticked from the organization's own
// data (products, checkout links, its payment processor, webhook endpoints), each linking to where
// it is done.
// Gone once all are done or dismissed; the dismissal is remembered per organization in this
// browser (localStorage; hidden in the server's HTML, which cannot know it).
import { useSyncExternalStore } from "react";
import Link from "next/link";
import { checkoutLinks, products } from "../hooks/catalog";
import { usePaymentProcessor } from "../hooks/organizations";
import { webhookEndpoints } from "../hooks/webhooks";
import { useOrganization, useOrgPath } from "../organization";
import { Button } from "../ui/button";
import { dismissalKey, onboardingState, type OnboardingCounts } from "./onboarding-state";

// Dismissals made in this tab (kept here too, for a browser that refuses storage); the "storage"
// event only reports other tabs' changes.
const dismissedHere = new Set<string>();
const localListeners = new Set<() => void>();

function subscribe(onChange: () => void) {
  localListeners.add(onChange);
  window.addEventListener("storage", onChange);
  return () => {
    localListeners.delete(onChange);
    window.removeEventListener("storage", onChange);
  };
}

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // storage refused (private mode): never dismissed for long
  }
}

function useDismissal(organizationId: string) {
  const key = dismissalKey(organizationId);
  const dismissed = useSyncExternalStore(
    subscribe,
    () => dismissedHere.has(key) || readStorage(key) === "1",
    () => true, // on the server: hidden until the browser has read the dismissal
  );
  const dismiss = () => {
    dismissedHere.add(key);
    try {
      window.localStorage.setItem(key, "1");
    } catch {
      // Not remembered beyond this page.
    }
    localListeners.forEach((listener) => listener());
  };
  return { dismissed, dismiss };
}

function useOnboardingCounts(organization_id: string): OnboardingCounts {
  const one = { organization_id, limit: 1 };
  // Unreadable settings leave the step to do rather than the checklist hidden.
  const processor = usePaymentProcessor(organization_id);
  const total = (query: { data?: { pagination: { total_count: number } } }) =>
    query.data?.pagination.total_count;
  return {
    products: total(products.useList(one)),
    checkoutLinks: total(checkoutLinks.useList(one)),
    paymentProcessor: processor.isError ? null : processor.data?.processor,
    webhooks: total(webhookEndpoints.useList(one)),
  };
}

export function OnboardingChecklist() {
  const organization = useOrganization();
  const orgPath = useOrgPath();
  const counts = useOnboardingCounts(organization.id);
  const { dismissed, dismiss } = useDismissal(organization.id);
  const state = onboardingState(counts, dismissed);
  if (!state.visible) return null;

  return (
    <section
      aria-labelledby="onboarding-title"
      className="mb-6 rounded-lg border border-indigo-200 bg-indigo-50/60 p-5 dark:border-indigo-900 dark:bg-indigo-950/30"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id="onboarding-title" className="font-semibold">
            Get started
          </h2>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-300">
            {state.done} of {state.steps.length} done
          </p>
        </div>
        <Button size="sm" variant="ghost" onClick={dismiss}>
          Dismiss
        </Button>
      </div>
      <ol className="mt-4 space-y-3">
        {state.steps.map((step) => (
          <li key={step.key} className="flex gap-3" data-done={step.done}>
            <span
              aria-hidden
              className={`mt-0.5 inline-flex size-5 shrink-0 items-center justify-center rounded-full text-xs ${
                step.done
                  ? "bg-emerald-600 text-white"
                  : "border border-zinc-300 bg-white dark:border-zinc-600 dark:bg-zinc-900"
              }`}
            >
              {step.done ? "✓" : ""}
            </span>
            <div className="min-w-0">
              <Link
                href={orgPath(step.path)}
                className={`text-sm font-medium underline-offset-2 hover:underline ${
                  step.done
                    ? "text-zinc-500 line-through dark:text-zinc-400"
                    : "text-indigo-700 dark:text-indigo-300"
                }`}
              >
                {step.title}
              </Link>
              <span className="sr-only">{step.done ? " (done)" : " (to do)"}</span>
              <p className="text-sm text-zinc-600 dark:text-zinc-400">{step.description}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
