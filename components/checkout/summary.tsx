// What is being bought and what it costs: the organization, the product (description, images,
// benefits), the price, and the live totals. Amounts come from the server's last answer; while a
// change is on its way they dim instead of jumping.
import type { ReactNode } from "react";
import type { CheckoutView } from "./api";
import { useTranslator } from "@/components/i18n/translator-context";
import type { Translator } from "@/lib/i18n/translator";
import { checkoutDisclosure, formatDate, perInterval, trialDisclosure } from "./format";

export function OrganizationBadge({ organization }: { organization: CheckoutView["organization"] }) {
  return (
    <div className="flex items-center gap-3">
      {organization.avatar_url ? (
        <img
          src={organization.avatar_url}
          alt=""
          width={32}
          height={32}
          className="size-8 rounded-full object-cover ring-1 ring-zinc-200 dark:ring-zinc-700"
        />
      ) : (
        <span
          aria-hidden="true"
          className="flex size-8 items-center justify-center rounded-full bg-zinc-900 text-sm font-semibold text-white dark:bg-zinc-100 dark:text-zinc-900"
        >
          {organization.name.trim().charAt(0).toUpperCase() || "?"}
        </span>
      )}
      <span className="text-sm font-medium text-zinc-700 dark:text-zinc-300">{organization.name}</span>
      {organization.livemode ? null : <TestModeBadge />}
    </div>
  );
}

/** A test organization's sessions take no real payment: the buyer is told (docs/payments.md). */
function TestModeBadge() {
  const tr = useTranslator();
  return (
    <span
      title={tr.t("checkout.testModeTitle")}
      className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-300 dark:bg-amber-900/40 dark:text-amber-200 dark:ring-amber-700"
    >
      {tr.t("checkout.testMode")}
    </span>
  );
}

export function priceLabel(checkout: CheckoutView, tr: Translator): string {
  const price = checkout.product_price;
  if (price.amount_type === "free") return tr.t("checkout.free");
  if (price.amount_type === "custom") return tr.t("checkout.payWhatYouWant");
  const amount = tr.money(price.price_amount ?? 0, price.price_currency);
  return price.type === "recurring" ? perInterval(amount, price.recurring_interval, tr) : amount;
}

function CheckIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      fill="currentColor"
      className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400"
    >
      <path
        fillRule="evenodd"
        d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4l3.3 3.29 7.3-7.3a1 1 0 0 1 1.4 0Z"
        clipRule="evenodd"
      />
    </svg>
  );
}

export function ProductDetails({ checkout }: { checkout: CheckoutView }) {
  const tr = useTranslator();
  const { product } = checkout;
  const images = product.medias.filter((m) => m.mime_type.startsWith("image/") && m.public_url);
  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">
          {product.name}
        </h1>
        <p className="mt-1 text-lg font-medium text-zinc-700 tabular-nums dark:text-zinc-300">
          {priceLabel(checkout, tr)}
        </p>
        {product.description ? (
          <p className="mt-3 text-sm leading-6 whitespace-pre-line text-zinc-600 dark:text-zinc-400">
            {product.description}
          </p>
        ) : null}
      </div>
      {images.length ? (
        <ul className="grid grid-cols-4 gap-2">
          {images.map((media, i) => (
            <li key={media.id} className={i === 0 ? "col-span-4" : "col-span-1"}>
              <img
                src={media.public_url}
                alt={tr.t("checkout.imageAlt", { name: product.name, index: i + 1, count: images.length })}
                loading={i === 0 ? "eager" : "lazy"}
                className="aspect-video w-full rounded-lg bg-zinc-100 object-cover ring-1 ring-zinc-200 dark:bg-zinc-800 dark:ring-zinc-700"
              />
            </li>
          ))}
        </ul>
      ) : null}
      {product.benefits.length ? (
        <div>
          <h2 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
            {tr.t("checkout.included")}
          </h2>
          <ul className="mt-2 space-y-1.5">
            {product.benefits.map((benefit) => (
              <li key={benefit.id} className="flex gap-2 text-sm text-zinc-700 dark:text-zinc-300">
                <CheckIcon />
                <span>{benefit.description}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

function Row({ label, value, strong }: { label: ReactNode; value: ReactNode; strong?: boolean }) {
  return (
    <div className={`flex items-baseline justify-between gap-4 ${strong ? "pt-3" : ""}`}>
      <dt className={strong ? "text-base font-semibold text-zinc-900 dark:text-zinc-50" : ""}>{label}</dt>
      <dd
        className={`tabular-nums ${strong ? "text-base font-semibold text-zinc-900 dark:text-zinc-50" : "text-zinc-900 dark:text-zinc-100"}`}
      >
        {value}
      </dd>
    </div>
  );
}

type TotalsProps = {
  checkout: CheckoutView;
  /** A change that moves the total is on its way: amounts dim until it lands. */
  pending: boolean;
  hasCountry: boolean;
  discountSlot?: ReactNode;
};

export function Totals({ checkout, pending, hasCountry, discountSlot }: TotalsProps) {
  const tr = useTranslator();
  const money = (minor: number | null) => tr.money(minor ?? 0, checkout.currency);
  const price = checkout.product_price;
  const recurring = price.type === "recurring";
  const code = checkout.discount ? (checkout.discount.code ?? checkout.discount.name) : null;
  const trial = trialDisclosure(checkout, tr);
  // With a trial, the discount's line is part of the trial's ("… then $8.57 today, then …").
  const disclosure = trial ? null : checkoutDisclosure(checkout, tr);
  const inclusive = checkout.tax_behavior === "inclusive";
  return (
    <section aria-labelledby="summary-heading" className="space-y-4">
      <h2 id="summary-heading" className="sr-only">
        {tr.t("checkout.orderSummary")}
      </h2>
      {discountSlot}
      <dl
        aria-busy={pending}
        className={`space-y-2 border-t border-zinc-200 pt-4 text-sm text-zinc-600 transition-opacity duration-150 dark:border-zinc-800 dark:text-zinc-400 ${pending ? "opacity-60" : ""}`}
      >
        <Row
          label={checkout.product.name}
          value={
            price.amount_type === "free"
              ? tr.t("checkout.free")
              : recurring
                ? perInterval(money(checkout.amount), price.recurring_interval, tr)
                : money(checkout.amount)
          }
        />
        {checkout.discount ? (
          <Row
            label={tr.t("checkout.discountWithCode", { code: code ?? "" })}
            value={
              <span className="text-emerald-700 dark:text-emerald-400">
                −{money(checkout.discount_amount)}
              </span>
            }
          />
        ) : null}
        {/* An inclusive price already holds its tax: no subtotal before it, the tax is inside the total. */}
        {inclusive ? null : <Row label={tr.t("common.subtotal")} value={money(checkout.subtotal_amount)} />}
        <Row
          label={
            checkout.reverse_charge
              ? tr.t("common.reverseCharge")
              : inclusive
                ? tr.t("common.taxIncluded")
                : tr.t("common.tax")
          }
          value={
            checkout.reverse_charge ? (
              <span className="text-zinc-500 dark:text-zinc-400">{tr.t("checkout.noVatReverseCharge")}</span>
            ) : hasCountry ? (
              money(checkout.tax_amount)
            ) : (
              <span className="text-zinc-500 dark:text-zinc-400">{tr.t("checkout.taxAddedWithCountry")}</span>
            )
          }
        />
        <div className="border-t border-zinc-200 dark:border-zinc-800">
          <Row
            strong
            label={recurring ? tr.t("checkout.dueToday") : tr.t("common.total")}
            value={
              <span data-testid="total" aria-live="polite" aria-atomic="true">
                {money(trial ? 0 : checkout.total_amount)}
              </span>
            }
          />
        </div>
        {disclosure ? (
          <p
            data-testid="discount-disclosure"
            className="text-sm font-medium text-zinc-900 dark:text-zinc-100"
          >
            {disclosure}
          </p>
        ) : null}
        {trial ? (
          <p data-testid="trial-disclosure" className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
            {trial}
          </p>
        ) : null}
        {trial && checkout.trial_end ? (
          <p className="text-xs text-zinc-500 dark:text-zinc-400">
            {tr.t("checkout.cancelBefore", { date: formatDate(String(checkout.trial_end), tr) })}
          </p>
        ) : null}
        {recurring ? (
          <p className="text-xs text-zinc-500 dark:text-zinc-400">
            {tr.t(disclosure ? "checkout.renewsEveryAfterDiscount" : "checkout.renewsEvery", {
              every: tr.t(
                price.recurring_interval === "year" ? "checkout.every_year" : "checkout.every_month",
              ),
            })}
          </p>
        ) : null}
      </dl>
    </section>
  );
}
