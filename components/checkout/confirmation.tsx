"use client";
// After Pay: "processing" while the session is `confirmed` (the detail query polls), then what was
// bought with the license keys in full; then the merchant's success_url, if it set one, after a
// visible countdown the buyer can stop (keys first, redirect second).
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { CheckoutView } from "./api";
import { isEmbedded, postToEmbedder } from "./embed";
import { Spinner } from "./fields";
import { checkoutDisclosure } from "./format";
import { useTranslator } from "@/components/i18n/translator-context";
import { useCheckoutBenefits } from "./hooks";
import { LicenseKeyDetails } from "./license-key";
import { OrganizationBadge } from "./summary";
import { PortalLink } from "@/components/portal/portal-link";
import { BenefitDownloads } from "./downloads";

export const REDIRECT_SECONDS = 5;
const SLOW_PROCESSING_MS = 15_000;

const noSubscribe = () => () => {};
function useEmbedded() {
  return useSyncExternalStore(noSubscribe, isEmbedded, () => false);
}

/** The merchant's success_url, or null when it is the default (this page's /confirmation). */
export function merchantSuccessUrl(checkout: CheckoutView): string | null {
  return checkout.success_url && checkout.success_url !== `${checkout.url}/confirmation`
    ? checkout.success_url
    : null;
}

function Benefits({ checkout }: { checkout: CheckoutView }) {
  const tr = useTranslator();
  const { state, retry } = useCheckoutBenefits(checkout.status === "succeeded");
  if (state.status === "pending") {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
        <Spinner /> {tr.t("confirmation.loadingPurchase")}
      </p>
    );
  }
  if (state.status === "error") {
    return (
      <div role="alert" className="text-sm text-red-700 dark:text-red-400">
        {tr.t("confirmation.keysFailed")}{" "}
        <button type="button" onClick={retry} className="font-medium underline underline-offset-2">
          {tr.t("confirmation.tryAgain")}
        </button>
      </div>
    );
  }
  if (!state.data.items.length) return null;
  return (
    <section aria-labelledby="benefits-heading">
      <h2 id="benefits-heading" className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
        {tr.t("confirmation.whatYouGet")}
      </h2>
      <ul className="mt-3 divide-y divide-zinc-200 rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
        {state.data.items.map((benefit) => (
          <li key={benefit.id} className="p-4">
            <p className="text-sm font-medium text-zinc-900 dark:text-zinc-100">{benefit.description}</p>
            {benefit.note ? (
              <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{benefit.note}</p>
            ) : null}
            {benefit.license_key ? <LicenseKeyDetails licenseKey={benefit.license_key} /> : null}
            <BenefitDownloads downloads={benefit.downloads} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function Redirect({ url }: { url: string }) {
  const tr = useTranslator();
  const { state: benefits } = useCheckoutBenefits(true);
  const [stayed, setStayed] = useState(false);
  const [secondsLeft, setSecondsLeft] = useState(REDIRECT_SECONDS);
  const ready = !stayed && benefits.status !== "pending";
  useEffect(() => {
    if (!ready) return;
    let left = REDIRECT_SECONDS;
    const timer = setInterval(() => {
      left -= 1;
      setSecondsLeft(left);
      if (left <= 0) {
        clearInterval(timer);
        window.location.assign(url);
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [ready, url]);
  const host = new URL(url).host;
  return (
    <div className="rounded-lg bg-zinc-50 px-4 py-3 text-sm text-zinc-700 dark:bg-zinc-800/60 dark:text-zinc-300">
      {stayed ? (
        <p>
          <a href={url} className="font-medium text-blue-700 underline underline-offset-2 dark:text-blue-400">
            {tr.t("confirmation.continueTo", { host })}
          </a>
        </p>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p aria-live="polite">{tr.t("confirmation.takingYouTo", { host, seconds: secondsLeft })}</p>
          <div className="flex gap-2">
            <button
              type="button"
              onClick={() => setStayed(true)}
              className="rounded-md px-2 py-1 font-medium underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600"
            >
              {tr.t("confirmation.stay")}
            </button>
            <a
              href={url}
              className="rounded-md bg-zinc-900 px-3 py-1 font-medium text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:bg-white dark:text-zinc-900"
            >
              {tr.t("confirmation.continueNow")}
            </a>
          </div>
        </div>
      )}
    </div>
  );
}

export function Confirmation({ checkout }: { checkout: CheckoutView }) {
  const tr = useTranslator();
  const succeeded = checkout.status === "succeeded";
  const embedded = useEmbedded();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const successUrl = merchantSuccessUrl(checkout);
  const [slow, setSlow] = useState(false);

  // The Pay button that had focus is gone: move focus to the news (also read out by screen readers).
  useEffect(() => {
    headingRef.current?.focus();
  }, [checkout.status]);

  useEffect(() => {
    if (succeeded) return;
    const timer = setTimeout(() => setSlow(true), SLOW_PROCESSING_MS);
    return () => clearTimeout(timer);
  }, [succeeded]);

  const posted = useRef(false);
  useEffect(() => {
    if (!succeeded || posted.current) return;
    posted.current = true;
    postToEmbedder(checkout.embed_origin, "success", { checkout_id: checkout.id, success_url: successUrl });
  }, [succeeded, checkout.embed_origin, checkout.id, successUrl]);

  const price = checkout.product_price;
  const paid = tr.money(checkout.total_amount ?? 0, checkout.currency);
  const disclosure = checkoutDisclosure(checkout, tr);
  const order = checkout.order;

  return (
    <main className="mx-auto min-h-screen max-w-xl px-5 py-12 sm:py-20">
      <div className="mb-10">
        <OrganizationBadge organization={checkout.organization} />
      </div>
      <div className="rounded-2xl border border-zinc-200 bg-white p-6 shadow-sm sm:p-8 dark:border-zinc-800 dark:bg-zinc-900">
        {succeeded ? (
          <span className="flex size-11 items-center justify-center rounded-full bg-emerald-100 text-emerald-700 dark:bg-emerald-500/15 dark:text-emerald-300">
            <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-6">
              <path
                fillRule="evenodd"
                d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4l3.3 3.29 7.3-7.3a1 1 0 0 1 1.4 0Z"
                clipRule="evenodd"
              />
            </svg>
          </span>
        ) : (
          <span className="flex size-11 items-center justify-center rounded-full bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">
            <Spinner className="size-6" />
          </span>
        )}
        <div role="status">
          <h1
            ref={headingRef}
            tabIndex={-1}
            className="mt-5 text-xl font-semibold tracking-tight text-zinc-900 outline-none dark:text-zinc-50"
          >
            {succeeded ? tr.t("confirmation.thankYou") : tr.t("confirmation.processingOrder")}
          </h1>
          <p className="mt-2 text-sm leading-6 text-zinc-600 dark:text-zinc-400">
            {succeeded
              ? tr.t("confirmation.complete")
              : slow
                ? tr.t("confirmation.slow")
                : tr.t("confirmation.accepted")}
          </p>
        </div>

        <dl className="mt-6 space-y-2 border-t border-zinc-200 pt-5 text-sm dark:border-zinc-800">
          {order ? (
            <div className="flex justify-between gap-4">
              <dt className="text-zinc-600 dark:text-zinc-400">{tr.t("confirmation.orderNumber")}</dt>
              <dd data-testid="invoice-number" className="font-medium text-zinc-900 dark:text-zinc-100">
                {order.invoice_number}
              </dd>
            </div>
          ) : null}
          <div className="flex justify-between gap-4">
            <dt className="text-zinc-600 dark:text-zinc-400">{tr.t("confirmation.product")}</dt>
            <dd className="text-right font-medium text-zinc-900 dark:text-zinc-100">
              {checkout.product.name}
            </dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-zinc-600 dark:text-zinc-400">
              {price.type === "recurring" ? tr.t("confirmation.paidToday") : tr.t("confirmation.amountPaid")}
            </dt>
            <dd className="font-medium text-zinc-900 tabular-nums dark:text-zinc-100">{paid}</dd>
          </div>
          {price.type === "recurring" ? (
            <div className="flex justify-between gap-4">
              <dt className="text-zinc-600 dark:text-zinc-400">{tr.t("confirmation.billing")}</dt>
              <dd className="text-right text-zinc-900 dark:text-zinc-100">
                {disclosure
                  ? tr.t("confirmation.billingUntilCancel", { disclosure })
                  : tr.t(
                      price.recurring_interval === "year"
                        ? "confirmation.everyUntil_year"
                        : "confirmation.everyUntil_month",
                    )}
              </dd>
            </div>
          ) : null}
          {checkout.customer_email ? (
            <div className="flex justify-between gap-4">
              <dt className="text-zinc-600 dark:text-zinc-400">{tr.t("confirmation.email")}</dt>
              <dd className="truncate text-zinc-900 dark:text-zinc-100">{checkout.customer_email}</dd>
            </div>
          ) : null}
        </dl>

        {succeeded ? (
          <div className="mt-6 space-y-6">
            {order ? (
              <p className="text-sm">
                <a
                  href={order.receipt_url}
                  target="_blank"
                  rel="noopener"
                  className="font-medium text-blue-700 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:text-blue-400"
                >
                  {tr.t("confirmation.viewReceipt")}
                </a>
                <span className="text-zinc-500 dark:text-zinc-400"> · </span>
                <a
                  href={order.receipt_pdf_url}
                  className="font-medium text-blue-700 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:text-blue-400"
                >
                  {tr.t("confirmation.downloadPdf")}
                </a>
              </p>
            ) : null}
            <Benefits checkout={checkout} />
            {successUrl && !embedded ? <Redirect url={successUrl} /> : null}
            <PortalLink organization={checkout.organization} />
          </div>
        ) : null}
      </div>
    </main>
  );
}
