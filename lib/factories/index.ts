// Factories: one function per resource that writes a valid row with sensible defaults and takes
// overrides. The tests and the demo seed both build their data with these.
import { randomUUID } from "node:crypto";
import type { DbOrTx } from "../db/client";
import type { Prisma } from "../generated/prisma/client";
import { createAccessToken } from "../auth/access-tokens";
import { hashPassword } from "../auth/passwords";
import { SCOPES, type Scope } from "../auth/scopes";
import { randomSecret } from "../crypto";
import { checkoutTtlSeconds } from "../config";
import { grantProductBenefits } from "../benefits/grants";
import { addInterval } from "../subscriptions/periods";
import { computeAmounts, taxBasisPointsFor, totalAfterDiscountEnds } from "../checkout/amounts";
import { discountDuration, discountForAmounts } from "../checkout/pricing";
import { storedClientSecret } from "../checkout/client-secret";
import { emailBodyContext } from "../email/queue";
import { encrypt } from "../secrets";
import { defaultInvoicePrefix, takeInvoiceNumber, unnumberedInvoice } from "../orders/invoice-numbers";
import { generateLicenseKey, type LicenseKeyProperties, licenseKeyExpiry } from "../core/license-key-format";

let sequence = 0;
const next = () => ++sequence;

export async function createOrganization(
  db: DbOrTx,
  data: Partial<Prisma.OrganizationUncheckedCreateInput> = {},
) {
  const n = next();
  const slug = data.slug ?? `org-${n}-${randomUUID().slice(0, 8)}`;
  return db.organization.create({
    data: {
      id: randomUUID(),
      name: `Organization ${n}`,
      slug,
      customer_invoice_prefix: defaultInvoicePrefix(slug),
      ...data,
    },
  });
}

export async function createToken(
  db: DbOrTx,
  organizationId: string,
  options: { scopes?: readonly Scope[]; expiresAt?: Date | null; token?: string; comment?: string } = {},
) {
  return createAccessToken(db, {
    organizationId,
    comment: options.comment ?? "Test token",
    scopes: options.scopes ?? SCOPES,
    expiresAt: options.expiresAt ?? null,
    token: options.token,
  });
}

export async function createCustomer(
  db: DbOrTx,
  organizationId: string,
  data: Partial<Prisma.CustomerUncheckedCreateInput> = {},
) {
  const n = next();
  return db.customer.create({
    data: {
      id: randomUUID(),
      organization_id: organizationId,
      email: `buyer${n}@example.com`,
      name: `Buyer ${n}`,
      ...data,
    },
  });
}

type PriceInput = Partial<Omit<Prisma.ProductPriceUncheckedCreateInput, "product_id">>;

/** A product with one price: one-time fixed by default, `recurring_interval` makes it recurring. */
export async function createProduct(
  db: DbOrTx,
  organizationId: string,
  options: {
    product?: Partial<Prisma.ProductUncheckedCreateInput>;
    price?: PriceInput;
    benefitIds?: string[];
  } = {},
) {
  const n = next();
  const price = options.price ?? {};
  const recurring = price.type === "recurring" || !!price.recurring_interval;
  const product = await db.product.create({
    data: {
      id: randomUUID(),
      organization_id: organizationId,
      name: `Product ${n}`,
      description: `Description of product ${n}`,
      is_recurring: recurring,
      ...options.product,
    },
  });
  const amountType = price.amount_type ?? "fixed";
  const productPrice = await db.productPrice.create({
    data: {
      id: randomUUID(),
      product_id: product.id,
      type: recurring ? "recurring" : "one_time",
      recurring_interval: recurring ? (price.recurring_interval ?? "month") : null,
      amount_type: amountType,
      price_currency: "usd",
      price_amount: amountType === "fixed" ? 1000 : null,
      ...price,
    },
  });
  for (const [order, benefitId] of (options.benefitIds ?? []).entries()) {
    await db.productBenefit.create({ data: { product_id: product.id, benefit_id: benefitId, order } });
  }
  return { product, price: productPrice };
}

export async function createBenefit(
  db: DbOrTx,
  organizationId: string,
  data: Partial<Prisma.BenefitUncheckedCreateInput> & {
    properties?: LicenseKeyProperties | Record<string, unknown>;
  } = {},
) {
  const n = next();
  return db.benefit.create({
    data: {
      id: randomUUID(),
      organization_id: organizationId,
      type: "custom",
      description: `Benefit ${n}`,
      ...data,
      properties: (data.properties ?? {}) as Prisma.InputJsonValue,
    },
  });
}

export async function createDiscount(
  db: DbOrTx,
  organizationId: string,
  data: Partial<Prisma.DiscountUncheckedCreateInput> & { productIds?: string[] } = {},
) {
  const n = next();
  const { productIds, ...rest } = data;
  const type = rest.type ?? "percentage";
  const discount = await db.discount.create({
    data: {
      id: randomUUID(),
      organization_id: organizationId,
      name: `Discount ${n}`,
      type,
      duration: "once",
      ...(type === "percentage" ? { basis_points: 1000 } : { amount: 500, currency: "usd" }),
      ...rest,
      code_key: rest.code ? rest.code.toLowerCase() : null,
    },
  });
  for (const productId of productIds ?? []) {
    await db.discountProduct.create({ data: { discount_id: discount.id, product_id: productId } });
  }
  return discount;
}

export async function createCustomField(
  db: DbOrTx,
  organizationId: string,
  data: Partial<Prisma.CustomFieldUncheckedCreateInput> & {
    attachTo?: { productId: string; required?: boolean; order?: number };
  } = {},
) {
  const n = next();
  const { attachTo, ...rest } = data;
  const field = await db.customField.create({
    data: {
      id: randomUUID(),
      organization_id: organizationId,
      type: "text",
      slug: `field-${n}`,
      name: `Field ${n}`,
      properties: { form_label: `Field ${n}` },
      ...rest,
    },
  });
  if (attachTo) await attachCustomField(db, attachTo.productId, field.id, attachTo);
  return field;
}

/** Attaches an existing custom field to a product (what products' attached_custom_fields holds). */
export async function attachCustomField(
  db: DbOrTx,
  productId: string,
  customFieldId: string,
  { required = false, order = 0 }: { required?: boolean; order?: number } = {},
) {
  return db.attachedCustomField.create({
    data: { product_id: productId, custom_field_id: customFieldId, required, order },
  });
}

/**
 * An open checkout session for a price, priced by the same rules the API uses; `client_secret`
 * fixes its secret (stored as the API stores it) and is returned in clear for the test's calls.
 */
export async function createCheckout(
  db: DbOrTx,
  organizationId: string,
  priceId: string,
  {
    client_secret: clientSecret = randomSecret("cs_"),
    ...data
  }: Partial<Prisma.CheckoutSessionUncheckedCreateInput> & { client_secret?: string } = {},
) {
  const price = await db.productPrice.findUniqueOrThrow({ where: { id: priceId } });
  const discount = data.discount_id
    ? await db.discount.findUniqueOrThrow({ where: { id: data.discount_id } })
    : null;
  const taxRates = await db.taxRate.findMany({ where: { organization_id: organizationId } });
  const inputs = {
    price,
    amount: (data.amount as number | undefined) ?? null,
    discount: discountForAmounts(discount, price.price_currency),
    taxBasisPoints: taxBasisPointsFor(
      taxRates,
      data.customer_billing_address as { country?: string; state?: string } | null,
    ),
  };
  const amounts = computeAmounts(inputs);
  const id = data.id ?? randomUUID();
  const row = await db.checkoutSession.create({
    data: {
      id,
      organization_id: organizationId,
      ...storedClientSecret(id, clientSecret),
      payment_processor: "test",
      expires_at: new Date(Date.now() + checkoutTtlSeconds() * 1000),
      currency: price.price_currency,
      product_id: price.product_id,
      product_price_id: price.id,
      amount: amounts.amount,
      discount_amount: amounts.discount_amount,
      subtotal_amount: amounts.subtotal_amount,
      tax_amount: amounts.tax_amount,
      total_amount: amounts.total_amount,
      total_amount_after_discount_ends: totalAfterDiscountEnds({
        ...inputs,
        discount: inputs.discount && discount ? { ...inputs.discount, ...discountDuration(discount) } : null,
      }),
      ...data,
    },
  });
  return { ...row, client_secret: clientSecret };
}

/**
 * A paid order, as order processing would leave it: a subscription for recurring prices and, for
 * each license_keys benefit of the product, a grant and a key.
 */
export async function createOrder(
  db: DbOrTx,
  organizationId: string,
  options: {
    customerId: string;
    priceId: string;
    order?: Partial<Prisma.OrderUncheckedCreateInput>;
    withBenefits?: boolean;
  },
) {
  const price = await db.productPrice.findUniqueOrThrow({ where: { id: options.priceId } });
  const createdAt = (options.order?.created_at as Date | undefined) ?? new Date();
  let subscriptionId: string | null = null;
  if (price.type === "recurring") {
    const periodEnd = addInterval(createdAt, price.recurring_interval ?? "month");
    const subscription = await db.subscription.create({
      data: {
        id: randomUUID(),
        created_at: createdAt,
        organization_id: organizationId,
        amount: price.price_amount ?? 0,
        currency: price.price_currency,
        recurring_interval: price.recurring_interval ?? "month",
        status: "active",
        current_period_start: createdAt,
        current_period_end: periodEnd,
        started_at: createdAt,
        customer_id: options.customerId,
        product_id: price.product_id,
        price_id: price.id,
        discount_id: (options.order?.discount_id as string | undefined) ?? null,
      },
    });
    subscriptionId = subscription.id;
  }
  const order = await db.order.create({
    data: {
      id: randomUUID(),
      invoice_number: options.order?.invoice_number ?? (await takeInvoiceNumber(db, organizationId)),
      organization_id: organizationId,
      amount: price.price_amount ?? 0,
      currency: price.price_currency,
      billing_reason: subscriptionId ? "subscription_create" : "purchase",
      product_price_type: price.type,
      customer_id: options.customerId,
      product_id: price.product_id,
      product_price_id: price.id,
      subscription_id: subscriptionId,
      ...options.order,
    },
  });
  if (options.withBenefits ?? true) {
    await grantProductBenefits(db, {
      organizationId,
      customerId: options.customerId,
      productId: price.product_id,
      orderId: order.id,
      subscriptionId,
      now: createdAt,
    });
  }
  return order;
}

/**
 * An order inserted as the purchase path inserts it (no benefits), before `numberOrder` gives it
 * its number later in the same transaction.
 */
export function createUnnumberedOrder(
  db: DbOrTx,
  organizationId: string,
  options: { customerId: string; priceId: string },
) {
  const id = randomUUID();
  return createOrder(db, organizationId, {
    ...options,
    order: { id, invoice_number: unnumberedInvoice(id) },
    withBenefits: false,
  });
}

export async function createLicenseKey(
  db: DbOrTx,
  organizationId: string,
  options: { benefitId: string; customerId: string; key?: Partial<Prisma.LicenseKeyUncheckedCreateInput> },
) {
  const benefit = await db.benefit.findUniqueOrThrow({ where: { id: options.benefitId } });
  const properties = (benefit.properties ?? {}) as LicenseKeyProperties;
  const createdAt = (options.key?.created_at as Date | undefined) ?? new Date();
  return db.licenseKey.create({
    data: {
      id: randomUUID(),
      organization_id: organizationId,
      benefit_id: benefit.id,
      customer_id: options.customerId,
      key: generateLicenseKey(properties.prefix),
      limit_activations: properties.activations?.limit ?? null,
      limit_usage: properties.limit_usage ?? null,
      expires_at: licenseKeyExpiry(properties, createdAt),
      ...options.key,
    },
  });
}

export async function createActivation(
  db: DbOrTx,
  licenseKeyId: string,
  data: Partial<Prisma.LicenseKeyActivationUncheckedCreateInput> = {},
) {
  const n = next();
  return db.licenseKeyActivation.create({
    data: { id: randomUUID(), license_key_id: licenseKeyId, label: `Device ${n}`, meta: {}, ...data },
  });
}

export async function createMerchantUser(
  db: DbOrTx,
  options: { email?: string; password?: string; organizationIds?: string[]; name?: string },
) {
  const n = next();
  const user = await db.user.create({
    data: {
      id: randomUUID(),
      email: (options.email ?? `merchant${n}@example.com`).toLowerCase(),
      name: options.name ?? `Merchant ${n}`,
      password_hash: await hashPassword(options.password ?? "correct horse battery staple"),
    },
  });
  for (const organizationId of options.organizationIds ?? []) {
    await db.membership.create({
      data: { user_id: user.id, organization_id: organizationId, role: "owner" },
    });
  }
  return user;
}

/**
 * A Media row (a product image's metadata) without stored bytes: for lists and fixtures. Uploads
 * with their bytes go through lib/files/manage.ts `uploadFile`.
 */
export async function createMedia(
  db: DbOrTx,
  organizationId: string,
  data: Partial<Prisma.MediaUncheckedCreateInput> = {},
) {
  const n = next();
  const id = data.id ?? randomUUID();
  return db.media.create({
    data: {
      id,
      organization_id: organizationId,
      name: `image-${n}.png`,
      path: `${organizationId}/${id}`,
      mime_type: "image/png",
      size: 70,
      public_url: `http://localhost:3000/files/${id}/image-${n}.png`,
      ...data,
    },
  });
}

/**
 * An email as queueing leaves it (bodies sealed), `queued` unless overridden, with no send job:
 * for lists and fixtures. Real emails are queued by lib/email/queue.ts `queueEmail`.
 */
export async function createEmail(
  db: DbOrTx,
  organizationId: string,
  {
    text = "Hello from the factory.",
    html = "<p>Hello from the factory.</p>",
    ...data
  }: Partial<Prisma.EmailUncheckedCreateInput> & { text?: string; html?: string } = {},
) {
  const n = next();
  const id = data.id ?? randomUUID();
  return db.email.create({
    data: {
      id,
      organization_id: organizationId,
      kind: "order_receipt",
      to: `buyer${n}@example.com`,
      from: '"Factory" <no-reply@localhost>',
      subject: `Email ${n}`,
      text_sealed: encrypt(text, emailBodyContext(id, "text")),
      html_sealed: encrypt(html, emailBodyContext(id, "html")),
      message_id: `<${id}@localhost>`,
      ...data,
    },
  });
}
