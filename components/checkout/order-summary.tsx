// The page's first column (on a phone, its top): who sells, what is bought, and the live totals with
// the discount code field. Amounts follow the server's answers to the form's changes.
import type { CheckoutForm } from "./use-checkout-form";
import { DiscountField } from "./discount-field";
import { useTranslator } from "@/components/i18n/translator-context";
import { OrganizationBadge, ProductDetails, Totals } from "./summary";

export function OrderSummary({ form }: { form: CheckoutForm }) {
  const { checkout, sync } = form;
  const tr = useTranslator();
  return (
    <section
      aria-label={tr.t("checkout.yourOrder")}
      className="border-b border-zinc-200 bg-zinc-50 px-5 py-8 sm:px-10 lg:border-b-0 lg:bg-transparent lg:py-16 lg:pr-14 dark:border-zinc-800 dark:bg-zinc-900/60 lg:dark:bg-transparent"
    >
      <div className="mx-auto max-w-md space-y-8 lg:sticky lg:top-16 lg:mr-0">
        <OrganizationBadge organization={checkout.organization} />
        <ProductDetails checkout={checkout} />
        <Totals
          checkout={checkout}
          pending={sync.isPricingPending}
          hasCountry={!!form.values.country}
          discountSlot={
            <DiscountField checkout={checkout} onSetCode={sync.setDiscountCode} disabled={form.submitting} />
          }
        />
      </div>
    </section>
  );
}
