// Create a checkout session for products, a product or one of its prices (docs/api.md §6;
// POST /v1/checkouts/ and the checkout links' /buy both come here): the products offered, the price
// and amount, the merchant's discount, the buyer's details (prefilled from an existing customer), the
// answers, and the stored amounts; a fresh client secret and the expiry from the configured TTL.
import { randomUUID } from "node:crypto";
import { Prisma, type ProductPrice } from "../generated/prisma/client";
import type { Db } from "../db/client";
import { directSql } from "../db/direct";
import type { Principal } from "../core/principal";
import { ApiError, type Problem } from "../core/errors";
import { inOrganizations } from "../core/tenancy";
import { checkoutTtlSeconds } from "../config";
import { sessionProcessor } from "../payments";
import { checkoutInclude, toCheckout, type CreateCheckoutBody } from "./schemas";
import { amountProblem, discountRefusal, priceCheckout } from "./pricing";
import { validateCustomFieldData } from "./custom-fields";
import { newClientSecret, withClientSecret } from "./client-secret";
import { emitCheckoutEvent } from "./events";
import { assertCanTakePayments } from "../organizations/payments-ready";
import { activeTrial, trialEnd } from "../subscriptions/trial-terms";
import { checkTaxIdInput, customerTaxId } from "./tax-id";
import { currenciesOf, presentedCurrency, priceIn } from "../currency/choice";

type PriceToSell = Prisma.ProductPriceGetPayload<{ include: { product: true } }>;

/**
 * `prices`: the sold product's buyable prices, the currency choice's options; `named`: the body
 * named the price (its currency is then picked).
 */
type Offer =
  | { price: PriceToSell; prices: ProductPrice[]; named: boolean; productIds: string[]; problems: [] }
  | { price: null; prices: []; named: false; productIds: string[]; problems: Problem[] };

/**
 * `products`: each must be a non-archived product with a price, all of one organization (the
 * first's); the first one's first non-archived price is sold to start with.
 */
async function findProducts(db: Db, organizationIds: string[], productIds: string[]): Promise<Offer> {
  const rows = await db.product.findMany({
    where: { id: { in: productIds }, ...inOrganizations(organizationIds) },
    include: { prices: { where: { is_archived: false }, orderBy: [{ created_at: "asc" }, { id: "asc" }] } },
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const organizationId = byId.get(productIds[0]!)?.organization_id;
  const problems = productIds.flatMap((id, index): Problem[] => {
    const row = byId.get(id);
    const msg =
      !row || row.organization_id !== organizationId
        ? "Product does not exist."
        : row.is_archived || !row.prices.length
          ? "Product is archived or has no price."
          : null;
    return msg ? [{ type: "value_error", loc: ["body", "products", index], msg, input: id }] : [];
  });
  if (problems.length) return { price: null, prices: [], named: false, productIds, problems };
  const { prices, ...first } = byId.get(productIds[0]!)!;
  return { price: { ...prices[0]!, product: first }, prices, named: false, productIds, problems: [] };
}

/**
 * What is offered and the price to sell: the products given, or the price named, or the product's
 * first non-archived price; or the problems with them, so the other fields can still be checked
 * and reported in the same 422.
 */
async function findOffer(db: Db, organizationIds: string[], body: CreateCheckoutBody): Promise<Offer> {
  if (body.products) return findProducts(db, organizationIds, body.products);
  const found = await findPrice(db, organizationIds, body);
  return found.price
    ? {
        price: found.price,
        prices: found.prices,
        named: !!body.product_price_id,
        productIds: [found.price.product_id],
        problems: [],
      }
    : { price: null, prices: [], named: false, productIds: [], problems: [found.problem] };
}

async function findPrice(
  db: Db,
  organizationIds: string[],
  body: CreateCheckoutBody,
): Promise<
  | { price: PriceToSell; prices: ProductPrice[]; problem: null }
  | { price: null; prices: []; problem: Problem }
> {
  const refused = (field: "product_id" | "product_price_id", msg: string) => ({
    price: null,
    prices: [] as [],
    problem: { type: "value_error", loc: ["body", field], msg, input: body[field] ?? null },
  });
  if (body.product_price_id) {
    const price = await db.productPrice.findFirst({
      where: { id: body.product_price_id, product: inOrganizations(organizationIds) },
      include: { product: true },
    });
    if (!price) return refused("product_price_id", "Price does not exist.");
    if (price.is_archived || price.product.is_archived)
      return refused("product_price_id", "Price is archived.");
    return { price, prices: [price], problem: null };
  }
  const product = await db.product.findFirst({
    where: { id: body.product_id, ...inOrganizations(organizationIds) },
    include: { prices: { where: { is_archived: false }, orderBy: [{ created_at: "asc" }, { id: "asc" }] } },
  });
  if (!product) return refused("product_id", "Product does not exist.");
  const { prices, ...rest } = product;
  const first = prices[0];
  if (rest.is_archived || !first) return refused("product_id", "Product is archived or has no price.");
  return { price: { ...first, product: rest }, prices, problem: null };
}

/**
 * The session's currency and price: the price named (its currency picked), or the product's price
 * in `currency` (picked; 422 when it has none), or in the currency presented to the buyer's
 * country (lib/currency/choice.ts; the organization is read only for a product in several).
 */
async function chooseCreateCurrency(
  db: Db,
  found: Offer & { price: PriceToSell },
  body: CreateCheckoutBody,
  billingAddress: { country?: string | null } | null | undefined,
): Promise<{ price: PriceToSell | null; picked: boolean; problem: Problem | null }> {
  const named = found.price;
  const refuse = (msg: string) => ({
    price: null,
    picked: true,
    problem: { type: "value_error", loc: ["body", "currency"], msg, input: body.currency ?? null },
  });
  if (found.named) {
    if (body.currency && body.currency !== named.price_currency)
      return refuse(`The price is in ${named.price_currency.toUpperCase()}.`);
    return { price: named, picked: true, problem: null };
  }
  const withProduct = (price: ProductPrice) => ({ ...price, product: named.product });
  if (body.currency) {
    const price = priceIn(found.prices, body.currency);
    return price
      ? { price: withProduct(price), picked: true, problem: null }
      : refuse(`The product has no price in ${body.currency.toUpperCase()}.`);
  }
  if (currenciesOf(found.prices).length < 2) return { price: named, picked: false, problem: null };
  const settings = await db.organization.findUniqueOrThrow({
    where: { id: named.product.organization_id },
    select: { default_presentment_currency: true, currency_by_country: true },
  });
  const chosen = presentedCurrency(found.prices, billingAddress?.country, settings);
  const price = chosen ? priceIn(found.prices, chosen) : null;
  return { price: price ? withProduct(price) : named, picked: false, problem: null };
}

export async function createCheckout(
  db: Db,
  principal: Principal,
  body: CreateCheckoutBody,
  now = new Date(),
) {
  return createCheckoutSession(db, principal.organizationIds, body, { now });
}

export type CreateCheckoutOptions = {
  now?: Date;
  /**
   * A discount that cannot be used (no longer redeemable, not for this product) is left off rather
   * than refused: a checkout link's discount (the reference API ignores it the same way).
   */
  dropRefusedDiscount?: boolean;
};

/** A new session for products of one of `organizationIds` (the caller's, or a link's organization). */
export async function createCheckoutSession(
  db: Db,
  organizationIds: string[],
  body: CreateCheckoutBody,
  { now = new Date(), dropRefusedDiscount = false }: CreateCheckoutOptions = {},
) {
  const found = await findOffer(db, organizationIds, body);
  // Without a price, the other ids are still looked up among the given organizations.
  const scope = found.price ? [found.price.product.organization_id] : organizationIds;
  const problems: Problem[] = [...found.problems];

  // Read first (its billing country may choose the currency), reported in its place below.
  let customer = null;
  const customerProblems: Problem[] = [];
  if (body.customer_id) {
    customer = await db.customer.findFirst({
      // An anonymized (deleted) customer cannot be checked out again: it is not found.
      where: { id: body.customer_id, deleted_at: null, ...inOrganizations(scope) },
    });
    if (!customer)
      customerProblems.push({
        type: "value_error",
        loc: ["body", "customer_id"],
        msg: "Customer does not exist.",
        input: body.customer_id,
      });
  }

  // Given fields win; an existing customer fills the rest.
  const billingAddress =
    body.customer_billing_address !== undefined
      ? body.customer_billing_address
      : ((customer?.billing_address as CreateCheckoutBody["customer_billing_address"]) ?? null);

  // The currency, and the product's price in it (docs/currencies.md "The checkout's currency").
  const currency = found.price ? await chooseCreateCurrency(db, found, body, billingAddress) : null;
  if (currency?.problem) problems.push(currency.problem);
  const price = currency?.price ?? null;

  let amount: number | null = null;
  if (price && body.amount !== undefined && body.amount !== null) {
    const problem = amountProblem(price, body.amount);
    if (problem) problems.push(problem);
    else amount = body.amount;
  }

  let discount = null;
  if (body.discount_id) {
    discount = await db.discount.findFirst({
      where: { id: body.discount_id, ...inOrganizations(scope) },
    });
    const refusal = !discount
      ? "Discount does not exist."
      : price
        ? await discountRefusal(db, discount, price, { now })
        : null;
    if (refusal && dropRefusedDiscount) discount = null;
    else if (refusal)
      problems.push({
        type: "value_error",
        loc: ["body", "discount_id"],
        msg: refusal,
        input: body.discount_id,
      });
  }

  problems.push(...customerProblems);

  // Format and, for an EU VAT number, VIES: before the transaction (a network call).
  const taxId = await checkTaxIdInput(db, body.customer_tax_id, now);
  if (taxId?.kind === "problem") problems.push(taxId.problem);

  let customFieldData: Record<string, unknown> = {};
  if (price) {
    const attached = await db.attachedCustomField.findMany({
      where: { product_id: price.product_id },
      include: { custom_field: true },
      orderBy: { order: "asc" },
    });
    const answers = validateCustomFieldData(attached, body.custom_field_data ?? {});
    problems.push(...answers.problems);
    customFieldData = answers.data;
  }
  if (!price || problems.length) throw ApiError.validation(problems);
  const organizationId = price.product.organization_id;
  // Given wins, even null; else the customer's (its EU VAT number asked of VIES at confirm).
  const sessionTaxId =
    taxId?.kind === "set"
      ? taxId.columns
      : customerTaxId({ tax_id: customer?.tax_id ?? null, tax_id_type: customer?.tax_id_type ?? null });
  const amounts = await priceCheckout(db, {
    organizationId,
    price,
    amount,
    discount,
    billingAddress,
    taxId: sessionTaxId,
  });
  // The session's own trial (the merchant's, or its checkout link's) instead of the product's.
  const trialFields = {
    trial_interval: body.trial_interval ?? null,
    trial_interval_count: body.trial_interval ? (body.trial_interval_count ?? 1) : null,
  };
  const allowTrial = body.allow_trial ?? true;
  const trial = activeTrial({ allowTrial, session: trialFields, product: price.product, price });
  // A live organization without its card processor sells free products only (what confirm
  // would charge or save a card for is refused here already, and again at confirm).
  await assertCanTakePayments(db, organizationId, trial ? 0 : amounts.total_amount, {
    savesCard: price.type === "recurring" && price.amount_type !== "free",
  });

  const processor = await sessionProcessor(db, organizationId);
  const id = randomUUID();
  // One transaction, so that an Idempotency-Key's answer is stored with the session (lib/api/idempotency.ts).
  return db.$transaction(async (tx) => {
    await tx.checkoutSession.create({
      data: {
        id,
        created_at: now,
        organization_id: organizationId,
        ...newClientSecret(id).columns,
        payment_processor: processor.name,
        // The buyer's browser loads the processor's form with it (Stripe's publishable key).
        ...(processor.publishableKey
          ? { payment_processor_metadata: { publishable_key: processor.publishableKey } }
          : {}),
        expires_at: new Date(now.getTime() + checkoutTtlSeconds() * 1000),
        success_url: body.success_url ?? null,
        embed_origin: body.embed_origin ?? null,
        ...amounts,
        ...trialFields,
        allow_trial: allowTrial,
        trial_end: trial ? trialEnd(now, trial) : null,
        product_id: price.product_id,
        product_price_id: price.id,
        currency_picked: currency?.picked ?? false,
        discount_id: discount?.id ?? null,
        discount_locked: !!discount,
        allow_discount_codes: body.allow_discount_codes,
        customer_id: customer?.id ?? null,
        customer_name: body.customer_name ?? customer?.name ?? null,
        customer_email: body.customer_email ?? customer?.email ?? null,
        customer_ip_address: body.customer_ip_address ?? null,
        // The customer's language unless the session is given one (docs/i18n.md).
        locale: body.locale ?? customer?.locale ?? null,
        customer_billing_address: billingAddress ?? Prisma.DbNull,
        ...sessionTaxId,
        customer_metadata: body.customer_metadata,
        // Copied to the customer at confirm once customers.external_id exists (TODO in settle.ts).
        external_customer_id: body.external_customer_id ?? null,
        metadata: body.metadata,
        custom_field_data: customFieldData as Prisma.InputJsonObject,
      },
    });
    // Not Prisma's createMany: it compiles a createMany's plan afresh on every call (lib/email/queue.ts).
    await directSql(
      tx,
      Prisma.sql`
        INSERT INTO checkout_session_products (checkout_session_id, product_id, "order")
        SELECT ${id}::uuid, product_id, ordinality - 1
          FROM unnest(${found.productIds}::uuid[]) WITH ORDINALITY AS offered(product_id, ordinality)`,
    );
    const row = await tx.checkoutSession.findUniqueOrThrow({
      where: { id },
      include: checkoutInclude,
      relationLoadStrategy: "query", // see findClientCheckout
    });
    const view = toCheckout(withClientSecret(row));
    await emitCheckoutEvent(tx, "checkout.created", view, now, view);
    return view;
  });
}
