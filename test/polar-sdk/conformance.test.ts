// The current Polar SDK against this app (issue 31; docs/polar-sdk.md): `@polar-sh/sdk` 1.0.1 with
// API version 2026-10, as an integrator installs it, its calls answered in process by our route
// handlers (./in-process-fetch.ts). Each driven method is called with fixtures the SDK itself made
// where it can, and its answer is checked against the type the SDK declares (./declared-types.ts).
// The report lists every method of the SDK as conforming, answering something else, failing, or
// reaching no route of ours; the test fails when a method listed in CONFORMING stops conforming
// (a ratchet: the list only grows as issue 31 goes on).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPolar } from "@polar-sh/sdk/2026-10";
import { getDb } from "@/lib/db/client";
import { createDispute } from "@/lib/factories/disputes";
import { decrypt } from "@/lib/secrets";
import { emailBodyContext } from "@/lib/email/queue";
import { deliverEvents, drainJobs, startStripe, stripeShop, type StripeShop } from "@/test/stripe-shop";
import type { Db } from "@/lib/db/client";
import { loadDeclaredSdk, type DeclaredSdk } from "./declared-types";
import { installInProcessFetch, SDK_BASE_URL, unrouted } from "./in-process-fetch";

type Polar = ReturnType<typeof createPolar>;
type Fixtures = Record<string, string>;

/**
 * Where the SDK's declarations are wrong, not our answers (docs/polar-sdk.md, "The SDK's own
 * errors"): each pattern matches one problem the checker reports, and nothing else. 1.0.1 types a
 * customer state's subscription `status` with the benefit grant's `Status` ("granted" |
 * "disabled"): two models of the reference's schema share that name and its generator kept one.
 * The reference API answers the subscription's status there (`active`, `trialing`).
 */
const DECLARATION_ERRATA: RegExp[] = [
  /^\$\.active_subscriptions\[\d+\]\.status: "(active|trialing)" is not Status$/,
];
type Drive = (polar: Polar, fixtures: Fixtures) => Promise<unknown>;

/** The methods that conform today: one that stops conforming fails the test. */
const CONFORMING: string[] = [
  "benefitGrants.list",
  "benefits.create",
  "benefits.delete",
  "benefits.files",
  "benefits.get",
  "benefits.grants",
  "benefits.list",
  "benefits.update",
  "checkoutLinks.create",
  "checkoutLinks.delete",
  "checkoutLinks.get",
  "checkoutLinks.list",
  "checkoutLinks.update",
  "checkouts.clientConfirm",
  "checkouts.clientGet",
  "checkouts.clientUpdate",
  "checkouts.create",
  "checkouts.get",
  "checkouts.list",
  "checkouts.update",
  "customFields.create",
  "customFields.delete",
  "customFields.get",
  "customFields.list",
  "customFields.update",
  "customerPortal.benefitGrants.get",
  "customerPortal.benefitGrants.list",
  "customerPortal.benefitGrants.update",
  "customerPortal.customerSession.getAuthenticatedUser",
  "customerPortal.customerSession.introspect",
  "customerPortal.customers.addPaymentMethod",
  "customerPortal.customers.checkEmailUpdate",
  "customerPortal.customers.confirmPaymentMethod",
  "customerPortal.customers.deletePaymentMethod",
  "customerPortal.customers.get",
  "customerPortal.customers.listPaymentMethods",
  "customerPortal.customers.requestEmailUpdate",
  "customerPortal.customers.update",
  "customerPortal.customers.verifyEmailUpdate",
  "customerPortal.downloadables.list",
  "customerPortal.licenseKeys.activate",
  "customerPortal.licenseKeys.deactivate",
  "customerPortal.licenseKeys.get",
  "customerPortal.licenseKeys.list",
  "customerPortal.licenseKeys.rotate",
  "customerPortal.licenseKeys.validate",
  "customerPortal.orders.generateInvoice",
  "customerPortal.orders.get",
  "customerPortal.orders.getPaymentStatus",
  "customerPortal.orders.invoice",
  "customerPortal.orders.list",
  "customerPortal.orders.receipt",
  "customerPortal.orders.update",
  "customerPortal.organizations.get",
  "customerPortal.subscriptions.cancel",
  "customerPortal.subscriptions.get",
  "customerPortal.subscriptions.list",
  "customerPortal.subscriptions.update",
  "customerSessions.create",
  "customers.create",
  "customers.delete",
  "customers.deleteExternal",
  "customers.export",
  "customers.get",
  "customers.getExternal",
  "customers.getState",
  "customers.getStateExternal",
  "customers.list",
  "customers.listPaymentMethods",
  "customers.listPaymentMethodsExternal",
  "customers.update",
  "customers.updateExternal",
  "discounts.create",
  "discounts.delete",
  "discounts.get",
  "discounts.list",
  "discounts.update",
  "disputes.accept",
  "disputes.get",
  "disputes.list",
  "files.create",
  "files.delete",
  "files.list",
  "files.update",
  "files.uploaded",
  "licenseKeys.activate",
  "licenseKeys.deactivate",
  "licenseKeys.get",
  "licenseKeys.getActivation",
  "licenseKeys.list",
  "licenseKeys.rotate",
  "licenseKeys.update",
  "licenseKeys.validate",
  "metrics.export",
  "metrics.get",
  "metrics.limits",
  "orders.export",
  "orders.generateInvoice",
  "orders.get",
  "orders.invoice",
  "orders.list",
  "orders.receipt",
  "orders.update",
  "organizations.get",
  "organizations.list",
  "organizations.update",
  "payments.get",
  "payments.list",
  "products.create",
  "products.delete",
  "products.get",
  "products.list",
  "products.update",
  "products.updateBenefits",
  "refunds.create",
  "refunds.list",
  "subscriptions.create",
  "subscriptions.export",
  "subscriptions.get",
  "subscriptions.list",
  "subscriptions.revoke",
  "subscriptions.update",
  "webhooks.createWebhookEndpoint",
  "webhooks.deleteWebhookEndpoint",
  "webhooks.getWebhookEndpoint",
  "webhooks.listWebhookDeliveries",
  "webhooks.listWebhookEndpoints",
  "webhooks.redeliverWebhookEvent",
  "webhooks.resetWebhookEndpointSecret",
  "webhooks.updateWebhookEndpoint",
];

/**
 * How each driven method is called, in order (later ones use what earlier ones made). A create
 * keeps the id it got in `fixtures` for the calls that follow.
 */
const DRIVES: [string, Drive][] = [
  ["organizations.get", (polar, f) => polar.organizations.get(f.organization!)],
  ["organizations.list", (polar) => polar.organizations.list()],
  [
    "organizations.update",
    (polar, f) =>
      polar.organizations.update(f.organization!, { name: "Conformance Shop" } as Parameters<
        Polar["organizations"]["update"]
      >[1]),
  ],
  [
    "products.create",
    async (polar, f) => {
      const product = await polar.products.create({
        name: "Conformance One-time",
        prices: [{ amount_type: "fixed", price_amount: 1500, price_currency: "usd" }],
      } as Parameters<Polar["products"]["create"]>[0]);
      f.product = product.id;
      return product;
    },
  ],
  ["products.get", (polar, f) => polar.products.get(f.product!)],
  ["products.list", (polar) => polar.products.list()],
  ["products.update", (polar, f) => polar.products.update(f.product!, { description: "Updated by the SDK" })],
  [
    "benefits.create",
    async (polar, f) => {
      const benefit = await polar.benefits.create({
        type: "license_keys",
        description: "Conformance key",
        properties: {},
      } as Parameters<Polar["benefits"]["create"]>[0]);
      f.benefit = benefit.id;
      return benefit;
    },
  ],
  ["benefits.list", (polar) => polar.benefits.list()],
  ["benefits.get", (polar, f) => polar.benefits.get(f.benefit!)],
  [
    "benefits.update",
    (polar, f) =>
      polar.benefits.update(f.benefit!, {
        type: "license_keys",
        description: "Conformance key, renamed",
      } as Parameters<Polar["benefits"]["update"]>[1]),
  ],
  [
    "discounts.create",
    async (polar, f) => {
      const discount = await polar.discounts.create({
        name: "Conformance 10%",
        type: "percentage",
        basis_points: 1000,
        duration: "once",
      } as Parameters<Polar["discounts"]["create"]>[0]);
      f.discount = discount.id;
      return discount;
    },
  ],
  ["discounts.get", (polar, f) => polar.discounts.get(f.discount!)],
  ["discounts.list", (polar) => polar.discounts.list()],
  [
    "discounts.update",
    (polar, f) =>
      polar.discounts.update(f.discount!, { name: "Conformance 10% (renamed)" } as Parameters<
        Polar["discounts"]["update"]
      >[1]),
  ],
  [
    "customers.create",
    async (polar, f) => {
      const customer = await polar.customers.create({
        email: "conformance@example.com",
        name: "Conformance Buyer",
        external_id: "conformance-buyer",
      } as Parameters<Polar["customers"]["create"]>[0]);
      f.customer = customer.id;
      return customer;
    },
  ],
  ["customers.get", (polar, f) => polar.customers.get(f.customer!)],
  ["customers.list", (polar) => polar.customers.list()],
  ["customers.export", (polar, f) => polar.customers.export({ organization_id: f.organization! })],
  ["customers.getExternal", (polar) => polar.customers.getExternal("conformance-buyer")],
  [
    "customers.updateExternal",
    (polar) => polar.customers.updateExternal("conformance-buyer", { name: "Conformance Buyer External" }),
  ],
  ["customers.getStateExternal", (polar) => polar.customers.getStateExternal("conformance-buyer")],
  [
    "customFields.create",
    async (polar, f) => {
      const field = await polar.customFields.create({
        type: "text",
        slug: "conformance-note",
        name: "Note",
        properties: {},
      } as Parameters<Polar["customFields"]["create"]>[0]);
      f.customField = field.id;
      return field;
    },
  ],
  ["customFields.get", (polar, f) => polar.customFields.get(f.customField!)],
  ["customFields.list", (polar) => polar.customFields.list()],
  [
    "customFields.update",
    (polar, f) =>
      polar.customFields.update(f.customField!, { type: "text", name: "Note, renamed" } as Parameters<
        Polar["customFields"]["update"]
      >[1]),
  ],
  [
    "checkoutLinks.create",
    async (polar, f) => {
      const link = await polar.checkoutLinks.create({
        products: [f.product!],
      } as Parameters<Polar["checkoutLinks"]["create"]>[0]);
      f.checkoutLink = link.id;
      return link;
    },
  ],
  ["checkoutLinks.get", (polar, f) => polar.checkoutLinks.get(f.checkoutLink!)],
  ["checkoutLinks.list", (polar) => polar.checkoutLinks.list()],
  [
    "checkoutLinks.update",
    (polar, f) =>
      polar.checkoutLinks.update(f.checkoutLink!, { label: "SDK link" } as Parameters<
        Polar["checkoutLinks"]["update"]
      >[1]),
  ],
  [
    "checkouts.create",
    async (polar, f) => {
      const checkout = await polar.checkouts.create({ products: [f.product!] } as Parameters<
        Polar["checkouts"]["create"]
      >[0]);
      f.checkout = checkout.id;
      f.clientSecret = checkout.client_secret;
      return checkout;
    },
  ],
  ["checkouts.get", (polar, f) => polar.checkouts.get(f.checkout!)],
  ["checkouts.list", (polar) => polar.checkouts.list()],
  ["checkouts.clientGet", (polar, f) => polar.checkouts.clientGet(f.clientSecret!)],
  [
    "checkouts.update",
    async (polar, f) => {
      // A session of its own: the one above is bought below.
      const other = await polar.checkouts.create({ products: [f.product!] } as Parameters<
        Polar["checkouts"]["create"]
      >[0]);
      return polar.checkouts.update(other.id, {
        customer_email: "merchant-set@example.com",
        metadata: { source: "sdk" },
      } as Parameters<Polar["checkouts"]["update"]>[1]);
    },
  ],
  // A purchase, as a buyer's page makes it through the SDK: the product grants a license key.
  [
    "products.updateBenefits",
    (polar, f) => polar.products.updateBenefits(f.product!, { benefits: [f.benefit!] }),
  ],
  [
    "checkouts.clientUpdate",
    (polar, f) =>
      polar.checkouts.clientUpdate(f.clientSecret!, {
        customer_email: "sdk-buyer@example.com",
        customer_name: "SDK Buyer",
        customer_billing_address: { country: "US" },
      } as Parameters<Polar["checkouts"]["clientUpdate"]>[1]),
  ],
  [
    "checkouts.clientConfirm",
    async (polar, f) => {
      const confirmed = await polar.checkouts.clientConfirm(f.clientSecret!, {
        confirmation_token_id: shop.stripe.token("4242424242424242"),
      } as Parameters<Polar["checkouts"]["clientConfirm"]>[1]);
      await drainJobs(db);
      f.customerSessionToken = confirmed.customer_session_token ?? "";
      return confirmed;
    },
  ],
  [
    "orders.list",
    async (polar, f) => {
      const orders = await polar.orders.list();
      f.order = orders.items[0]?.id ?? "";
      return orders;
    },
  ],
  ["orders.get", (polar, f) => polar.orders.get(f.order!)],
  ["orders.receipt", (polar, f) => polar.orders.receipt(f.order!)],
  [
    "orders.update",
    async (polar, f) => {
      const order = await polar.orders.update(f.order!, { billing_name: "Conformance Buyer Ltd" });
      if (order.billing_name !== "Conformance Buyer Ltd") throw new Error("The billing name did not change.");
      return order;
    },
  ],
  [
    "licenseKeys.list",
    async (polar, f) => {
      const keys = await polar.licenseKeys.list();
      f.licenseKey = keys.items[0]?.id ?? "";
      f.key = keys.items[0]?.key ?? "";
      return keys;
    },
  ],
  ["licenseKeys.get", (polar, f) => polar.licenseKeys.get(f.licenseKey!)],
  ["licenseKeys.update", (polar, f) => polar.licenseKeys.update(f.licenseKey!, { limit_activations: 5 })],
  [
    "licenseKeys.activate",
    async (polar, f) => {
      const activation = await polar.licenseKeys.activate({
        key: f.key!,
        organization_id: f.organization!,
        label: "SDK laptop",
      });
      f.activation = activation.id;
      return activation;
    },
  ],
  [
    "licenseKeys.validate",
    (polar, f) =>
      polar.licenseKeys.validate({
        key: f.key!,
        organization_id: f.organization!,
        activation_id: f.activation,
      }),
  ],
  ["licenseKeys.getActivation", (polar, f) => polar.licenseKeys.getActivation(f.licenseKey!, f.activation!)],
  [
    "licenseKeys.deactivate",
    (polar, f) =>
      polar.licenseKeys.deactivate({
        key: f.key!,
        organization_id: f.organization!,
        activation_id: f.activation!,
      }),
  ],
  ["licenseKeys.rotate", (polar, f) => polar.licenseKeys.rotate(f.licenseKey!)],
  ["benefits.grants", (polar, f) => polar.benefits.grants(f.benefit!)],
  // The buyer's portal, with the customer session token their confirm answered.
  ["customerPortal.customers.get", (_polar, f) => portal(f).customerPortal.customers.get()],
  [
    "customerPortal.orders.list",
    async (_polar, f) => {
      const orders = await portal(f).customerPortal.orders.list();
      f.portalOrder = orders.items[0]?.id ?? "";
      return orders;
    },
  ],
  ["customerPortal.orders.get", (_polar, f) => portal(f).customerPortal.orders.get(f.portalOrder!)],
  ["customerPortal.orders.receipt", (_polar, f) => portal(f).customerPortal.orders.receipt(f.portalOrder!)],
  [
    "customerPortal.orders.getPaymentStatus",
    (_polar, f) => portal(f).customerPortal.orders.getPaymentStatus(f.portalOrder!),
  ],
  [
    "customerPortal.orders.update",
    (_polar, f) =>
      portal(f).customerPortal.orders.update(f.portalOrder!, { billing_name: "Portal Buyer Ltd" }),
  ],
  // Invoices once the billing details are final: issuing one locks them (docs/invoices.md).
  [
    "customerPortal.orders.generateInvoice",
    (_polar, f) => portal(f).customerPortal.orders.generateInvoice(f.portalOrder!),
  ],
  ["customerPortal.orders.invoice", (_polar, f) => portal(f).customerPortal.orders.invoice(f.portalOrder!)],
  ["orders.generateInvoice", (polar, f) => polar.orders.generateInvoice(f.order!)],
  ["orders.invoice", (polar, f) => polar.orders.invoice(f.order!)],
  [
    "customerPortal.licenseKeys.list",
    async (_polar, f) => {
      const keys = await portal(f).customerPortal.licenseKeys.list();
      f.portalKey = keys.items[0]?.id ?? "";
      return keys;
    },
  ],
  ["customerPortal.licenseKeys.get", (_polar, f) => portal(f).customerPortal.licenseKeys.get(f.portalKey!)],
  ["customerPortal.subscriptions.list", (_polar, f) => portal(f).customerPortal.subscriptions.list()],
  [
    "customerPortal.organizations.get",
    async (polar, f) =>
      portal(f).customerPortal.organizations.get((await polar.organizations.get(f.organization!)).slug),
  ],
  [
    "customerPortal.customerSession.introspect",
    (_polar, f) => portal(f).customerPortal.customerSession.introspect(),
  ],
  [
    "customerPortal.benefitGrants.list",
    async (_polar, f) => {
      const grants = await portal(f).customerPortal.benefitGrants.list();
      f.portalGrant = grants.items[0]?.id ?? "";
      return grants;
    },
  ],
  [
    "customerPortal.customerSession.getAuthenticatedUser",
    (_polar, f) => portal(f).customerPortal.customerSession.getAuthenticatedUser(),
  ],
  ["customerPortal.downloadables.list", (_polar, f) => portal(f).customerPortal.downloadables.list()],
  [
    "customerPortal.customers.update",
    (_polar, f) =>
      portal(f).customerPortal.customers.update({
        billing_name: "SDK Buyer Ltd",
        billing_address: { country: "DE", city: "Berlin" },
      } as Parameters<Polar["customerPortal"]["customers"]["update"]>[0]),
  ],
  ["benefitGrants.list", (polar) => polar.benefitGrants.list({ is_granted: true })],
  [
    "customerPortal.benefitGrants.get",
    (_polar, f) => portal(f).customerPortal.benefitGrants.get(f.portalGrant!),
  ],
  [
    "customerPortal.benefitGrants.update",
    async (_polar, f) => {
      const grant = await portal(f).customerPortal.benefitGrants.get(f.portalGrant!);
      return portal(f).customerPortal.benefitGrants.update(f.portalGrant!, {
        benefit_type: grant.benefit.type,
      } as Parameters<Polar["customerPortal"]["benefitGrants"]["update"]>[1]);
    },
  ],
  [
    "customerPortal.licenseKeys.validate",
    async (_polar, f) => {
      f.portalKeyValue = (await portal(f).customerPortal.licenseKeys.get(f.portalKey!)).key;
      return portal(f).customerPortal.licenseKeys.validate({
        key: f.portalKeyValue,
        organization_id: f.organization!,
      });
    },
  ],
  [
    "customerPortal.licenseKeys.activate",
    async (_polar, f) => {
      const activation = await portal(f).customerPortal.licenseKeys.activate({
        key: f.portalKeyValue!,
        organization_id: f.organization!,
        label: "Conformance laptop",
      });
      f.portalActivation = activation.id;
      return activation;
    },
  ],
  [
    "customerPortal.licenseKeys.deactivate",
    (_polar, f) =>
      portal(f).customerPortal.licenseKeys.deactivate({
        key: f.portalKeyValue!,
        organization_id: f.organization!,
        activation_id: f.portalActivation!,
      }),
  ],
  [
    "benefits.delete",
    async (polar) => {
      const benefit = await polar.benefits.create({
        type: "custom",
        description: "Conformance leftover",
        properties: {},
      } as Parameters<Polar["benefits"]["create"]>[0]);
      return polar.benefits.delete(benefit.id);
    },
  ],
  [
    "customers.update",
    (polar, f) => polar.customers.update(f.customer!, { name: "Conformance Buyer Renamed" }),
  ],
  [
    "customerSessions.create",
    (polar, f) =>
      polar.customerSessions.create({ customer_id: f.customer! } as Parameters<
        Polar["customerSessions"]["create"]
      >[0]),
  ],
  // A subscription: a product made the current way (the interval on the product), bought.
  [
    "subscriptions.list",
    async (polar, f) => {
      const product = await polar.products.create({
        name: "Conformance Monthly",
        recurring_interval: "month",
        prices: [{ amount_type: "fixed", price_amount: 900, price_currency: "usd" }],
      } as Parameters<Polar["products"]["create"]>[0]);
      const checkout = await polar.checkouts.create({ products: [product.id] } as Parameters<
        Polar["checkouts"]["create"]
      >[0]);
      await polar.checkouts.clientConfirm(checkout.client_secret, {
        customer_email: "sdk-subscriber@example.com",
        customer_name: "SDK Subscriber",
        customer_billing_address: { country: "US" },
        confirmation_token_id: shop.stripe.token("4242424242424242"),
      } as Parameters<Polar["checkouts"]["clientConfirm"]>[1]);
      await drainJobs(db);
      const subscriptions = await polar.subscriptions.list();
      f.subscription = subscriptions.items[0]?.id ?? "";
      return subscriptions;
    },
  ],
  ["subscriptions.get", (polar, f) => polar.subscriptions.get(f.subscription!)],
  [
    "subscriptions.export",
    async (polar, f) => {
      const csv = await polar.subscriptions.export({
        organization_id: f.organization!,
        status: ["active", "trialing"],
        cancel_at_period_end: false,
        started_after: "2000-01-01T00:00:00Z",
        timezone: "Europe/Paris",
        columns: ["email", "started_at", "product", "amount", "currency", "status"],
      });
      // The subscriber bought just above: their row, its start written in Paris time.
      if (
        !/^email,started_at,product,amount,currency,status\r\nsdk-subscriber@example\.com,\S+\+0[12]:00,Conformance Monthly,900,usd,active\r\n$/.test(
          csv,
        )
      )
        throw new Error(`Unexpected export: ${csv}`);
      return csv;
    },
  ],
  // The subscriber's portal, with a session the merchant mints for them.
  [
    "customerPortal.subscriptions.get",
    async (polar, f) => {
      const subscription = await polar.subscriptions.get(f.subscription!);
      const session = await polar.customerSessions.create({
        customer_id: subscription.customer_id,
      } as Parameters<Polar["customerSessions"]["create"]>[0]);
      f.subscriberToken = session.token;
      return subscriberPortal(f).customerPortal.subscriptions.get(f.subscription!);
    },
  ],
  [
    "customerPortal.subscriptions.update",
    (_polar, f) =>
      subscriberPortal(f).customerPortal.subscriptions.update(f.subscription!, {
        cancel_at_period_end: true,
      } as Parameters<Polar["customerPortal"]["subscriptions"]["update"]>[1]),
  ],
  [
    "customerPortal.subscriptions.cancel",
    (_polar, f) => subscriberPortal(f).customerPortal.subscriptions.cancel(f.subscription!),
  ],
  [
    "customers.getState",
    async (polar, f) => {
      const subscription = await polar.subscriptions.get(f.subscription!);
      return polar.customers.getState(subscription.customer_id);
    },
  ],
  [
    "customers.listPaymentMethods",
    async (polar, f) => {
      const subscription = await polar.subscriptions.get(f.subscription!);
      return polar.customers.listPaymentMethods(subscription.customer_id);
    },
  ],
  [
    "customers.listPaymentMethodsExternal",
    (polar) => polar.customers.listPaymentMethodsExternal("conformance-buyer"),
  ],
  [
    "subscriptions.update",
    (polar, f) => polar.subscriptions.update(f.subscription!, { cancel_at_period_end: true }),
  ],
  ["subscriptions.revoke", (polar, f) => polar.subscriptions.revoke(f.subscription!)],
  [
    "refunds.create",
    (polar, f) =>
      polar.refunds.create({ order_id: f.order!, reason: "customer_request", amount: 500 } as Parameters<
        Polar["refunds"]["create"]
      >[0]),
  ],
  ["refunds.list", (polar) => polar.refunds.list()],
  ["orders.export", (polar) => polar.orders.export()],
  ["disputes.list", (polar) => polar.disputes.list()],
  [
    "payments.list",
    async (polar, f) => {
      const payments = await polar.payments.list({ order_id: f.order! });
      f.payment = payments.items[0]?.id ?? "";
      return payments;
    },
  ],
  ["payments.get", (polar, f) => polar.payments.get(f.payment!)],
  [
    "disputes.get",
    async (polar, f) => {
      // Stripe reports a dispute of the order's payment (as its notice would record it).
      const payment = await db.paymentAttempt.findUniqueOrThrow({ where: { id: f.payment! } });
      const dispute = await createDispute(db, payment, { amount: 500 }, new Date());
      return polar.disputes.get(dispute.id);
    },
  ],
  [
    "webhooks.createWebhookEndpoint",
    async (polar, f) => {
      const endpoint = await polar.webhooks.createWebhookEndpoint({
        url: "https://merchant.example.com/hooks",
        format: "raw",
        events: ["order.paid", "subscription.updated"],
      } as Parameters<Polar["webhooks"]["createWebhookEndpoint"]>[0]);
      f.webhookEndpoint = endpoint.id;
      return endpoint;
    },
  ],
  ["webhooks.getWebhookEndpoint", (polar, f) => polar.webhooks.getWebhookEndpoint(f.webhookEndpoint!)],
  ["webhooks.listWebhookEndpoints", (polar) => polar.webhooks.listWebhookEndpoints()],
  [
    "webhooks.updateWebhookEndpoint",
    (polar, f) =>
      polar.webhooks.updateWebhookEndpoint(f.webhookEndpoint!, { name: "Merchant hooks" } as Parameters<
        Polar["webhooks"]["updateWebhookEndpoint"]
      >[1]),
  ],
  [
    "webhooks.resetWebhookEndpointSecret",
    (polar, f) => polar.webhooks.resetWebhookEndpointSecret(f.webhookEndpoint!),
  ],
  ["webhooks.listWebhookDeliveries", (polar) => polar.webhooks.listWebhookDeliveries()],
  [
    "webhooks.redeliverWebhookEvent",
    async (polar, f) => {
      // An event sent to the endpoint: its test event (the dashboard's "Send test event").
      const sent = await fetch(`${SDK_BASE_URL}/v1/webhooks/endpoints/${f.webhookEndpoint!}/test`, {
        method: "POST",
        headers: { authorization: `Bearer ${shop.token}` },
      });
      const delivery = await db.webhookDelivery.findUniqueOrThrow({
        where: { id: ((await sent.json()) as { id: string }).id },
      });
      return polar.webhooks.redeliverWebhookEvent(delivery.event_id);
    },
  ],
  ["webhooks.deleteWebhookEndpoint", (polar, f) => polar.webhooks.deleteWebhookEndpoint(f.webhookEndpoint!)],
  ["metrics.limits", (polar) => polar.metrics.limits()],
  [
    "metrics.get",
    (polar) =>
      polar.metrics.get({ start_date: "2026-01-01", end_date: "2026-12-31", interval: "month" } as Parameters<
        Polar["metrics"]["get"]
      >[0]),
  ],
  [
    "metrics.export",
    async (polar) => {
      const csv = await polar.metrics.export({
        start_date: "2026-01-01",
        end_date: "2026-12-31",
        interval: "year",
        metrics: ["orders", "revenue"],
      } as Parameters<Polar["metrics"]["export"]>[0]);
      if (!/^timestamp,orders,revenue\r\n2026-01-01T00:00:00\.000Z,\d+,\d+\r\n$/.test(csv))
        throw new Error(`Unexpected export: ${csv}`);
      return csv;
    },
  ],
  ["files.list", (polar) => polar.files.list()],
  [
    "files.create",
    async (polar, f) => {
      // A downloadable announced in one part, as the SDK announces it (docs/uploads-and-limits.md).
      const upload = await announceDownloadable(polar, "handbook.pdf", 11);
      f.upload = JSON.stringify(upload);
      return upload;
    },
  ],
  [
    "files.uploaded",
    async (polar, f) => {
      const upload = JSON.parse(f.upload!) as {
        id: string;
        upload: { id: string; path: string; parts: { url: string }[] };
      };
      // The part's URL is this server's: the client PUTs the bytes there (no token).
      const url = new URL(upload.upload.parts[0]!.url);
      const sent = await fetch(`${SDK_BASE_URL}${url.pathname}${url.search}`, {
        method: "PUT",
        body: "hello world",
      });
      const etag = sent.headers.get("etag")!;
      return polar.files.uploaded(upload.id, {
        id: upload.upload.id,
        path: upload.upload.path,
        parts: [{ number: 1, checksum_etag: etag, checksum_sha256_base64: null }],
      });
    },
  ],
  // A downloadables benefit of the file just uploaded: its files with their download statistics.
  [
    "benefits.files",
    async (polar, f) => {
      const upload = JSON.parse(f.upload!) as { id: string };
      const benefit = await polar.benefits.create({
        type: "downloadables",
        description: "Conformance files",
        properties: { files: [upload.id] },
      } as Parameters<Polar["benefits"]["create"]>[0]);
      return polar.benefits.files(benefit.id);
    },
  ],
  [
    "files.update",
    (polar, f) =>
      polar.files.update((JSON.parse(f.upload!) as { id: string }).id, {
        name: "handbook-v2.pdf",
        version: "2",
      }),
  ],
  // After every use of the buyer's key value above: the old value stops working.
  [
    "customerPortal.licenseKeys.rotate",
    (_polar, f) => portal(f).customerPortal.licenseKeys.rotate(f.portalKey!),
  ],
  [
    "disputes.accept",
    async (polar, f) => {
      // The buyer's bank disputes the payment at Stripe; the merchant concedes (the order's benefits
      // may go with it: after every use of them above).
      const payment = await db.paymentAttempt.findUniqueOrThrow({ where: { id: f.payment! } });
      const opened = stripe!.fake.createDispute(payment.processor_payment_id!, { amount: 300 });
      await deliverEvents(stripe!.fake, shop.organization.id, opened.id);
      await drainJobs(db);
      const dispute = await db.dispute.findFirstOrThrow({ where: { processor_dispute_id: opened.id } });
      const accepted = await polar.disputes.accept(dispute.id);
      if (accepted.status !== "lost") throw new Error(`Accepted dispute is ${accepted.status}`);
      return accepted;
    },
  ],
  // Deletes last: what they remove was used above.
  [
    "files.delete",
    async (polar) => {
      return polar.files.delete((await announceDownloadable(polar, "withdrawn.pdf", 4)).id);
    },
  ],
  // The subscriber's card, after their subscription was cancelled above: no longer billed, removable.
  [
    "customerPortal.customers.listPaymentMethods",
    async (_polar, f) => {
      const cards = await subscriberPortal(f).customerPortal.customers.listPaymentMethods();
      f.subscriberCard = cards.items[0]?.id ?? "";
      return cards;
    },
  ],
  [
    "customerPortal.customers.deletePaymentMethod",
    (_polar, f) => subscriberPortal(f).customerPortal.customers.deletePaymentMethod(f.subscriberCard!),
  ],
  [
    "customerPortal.customers.addPaymentMethod",
    (_polar, f) =>
      subscriberPortal(f).customerPortal.customers.addPaymentMethod({
        confirmation_token_id: shop.stripe.token("4242424242424242"),
        set_default: true,
        return_url: "https://example.com/portal",
      }),
  ],
  [
    "customerPortal.customers.confirmPaymentMethod",
    async (_polar, f) => {
      // A card that asks for 3-D Secure: the add answers the SetupIntent's step, the buyer passes it
      // (the fake's completeNextAction), and confirm re-reads it: the card saved.
      const cards = subscriberPortal(f).customerPortal.customers;
      const asked = await cards.addPaymentMethod({
        confirmation_token_id: shop.stripe.token("4000002500003155"),
        set_default: false,
        return_url: "https://example.com/portal",
      });
      if (asked.status !== "requires_action") throw new Error(`Expected requires_action: ${asked.status}`);
      const setupIntentId = asked.client_secret.split("_secret_")[0]!;
      stripe!.fake.completeNextAction(setupIntentId, "succeed");
      return cards.confirmPaymentMethod({ setup_intent_id: setupIntentId, set_default: false });
    },
  ],
  [
    "products.delete",
    async (polar) => {
      // A product never sold nor offered: the only kind DELETE removes (one in use is 409).
      const product = await polar.products.create({
        name: "Conformance Leftover",
        prices: [{ amount_type: "fixed", price_amount: 500, price_currency: "usd" }],
      } as Parameters<Polar["products"]["create"]>[0]);
      return polar.products.delete(product.id);
    },
  ],
  ["checkoutLinks.delete", (polar, f) => polar.checkoutLinks.delete(f.checkoutLink!)],
  ["customFields.delete", (polar, f) => polar.customFields.delete(f.customField!)],
  ["discounts.delete", (polar, f) => polar.discounts.delete(f.discount!)],
  // A free plan the merchant subscribes an existing customer to (by their external id): no checkout.
  [
    "subscriptions.create",
    async (polar) => {
      const product = await polar.products.create({
        name: "Conformance Free",
        recurring_interval: "month",
        // The current API has no free price type: a free plan is a fixed price of 0.
        prices: [{ amount_type: "fixed", price_amount: 0, price_currency: "usd" }],
      } as Parameters<Polar["products"]["create"]>[0]);
      return polar.subscriptions.create({
        product_id: product.id,
        external_customer_id: "conformance-buyer",
        metadata: { source: "sdk" },
      });
    },
  ],
  ["customers.delete", (polar, f) => polar.customers.delete(f.customer!)],
  [
    "customers.deleteExternal",
    async (polar) => {
      await polar.customers.create({
        email: "leaving@example.com",
        external_id: "conformance-leaving",
      } as Parameters<Polar["customers"]["create"]>[0]);
      return polar.customers.deleteExternal("conformance-leaving");
    },
  ],
  // The buyer moves to another address; the link's token is read from the email queued to it.
  [
    "customerPortal.customers.requestEmailUpdate",
    async (_polar, f) => {
      f.newEmail = `sdk-moved-${Date.now()}@example.com`;
      return portal(f).customerPortal.customers.requestEmailUpdate({ email: f.newEmail });
    },
  ],
  [
    "customerPortal.customers.checkEmailUpdate",
    async (_polar, f) => {
      f.emailUpdateToken = await emailUpdateToken(f.newEmail!);
      return portal(f).customerPortal.customers.checkEmailUpdate({ token: f.emailUpdateToken });
    },
  ],
  [
    "customerPortal.customers.verifyEmailUpdate",
    (_polar, f) => portal(f).customerPortal.customers.verifyEmailUpdate({ token: f.emailUpdateToken! }),
  ],
];

/** The token of the email change link queued to `to` (its text part unsealed). */
async function emailUpdateToken(to: string): Promise<string> {
  const email = await db.email.findFirstOrThrow({
    where: { to, kind: "portal_email_update" },
    orderBy: [{ created_at: "desc" }, { id: "desc" }],
  });
  const text = decrypt(email.text_sealed, emailBodyContext(email.id, "text"));
  return /#email_update_token=(ceu_[\w-]+)/.exec(text)![1]!;
}

/** A PDF downloadable of `size` bytes announced in one part, as the SDK announces uploads. */
function announceDownloadable(polar: Polar, name: string, size: number) {
  return polar.files.create({
    name,
    mime_type: "application/pdf",
    size,
    service: "downloadable",
    upload: { parts: [{ number: 1, chunk_start: 0, chunk_end: size }] },
  } as Parameters<Polar["files"]["create"]>[0]);
}

/** The subscriber's portal: a session the merchant minted for them. */
function subscriberPortal(f: Fixtures): Polar {
  return createPolar({ accessToken: f.subscriberToken!, baseUrl: SDK_BASE_URL });
}

/** The SDK as the buyer's portal page uses it: their customer session token. */
function portal(f: Fixtures): Polar {
  return createPolar({ accessToken: f.customerSessionToken!, baseUrl: SDK_BASE_URL });
}

type Outcome = "conforms" | "answers otherwise" | "fails" | "no route" | "not driven";

let sdk: DeclaredSdk;
let db: Db;
let shop: StripeShop;
let restore: () => void;
let stripe: Awaited<ReturnType<typeof startStripe>> | undefined;
const results = new Map<string, { outcome: Outcome; detail: string }>();

beforeAll(async () => {
  sdk = loadDeclaredSdk("2026-10");
  restore = installInProcessFetch();
  db = await getDb();
  // A merchant integrating today sells with a card processor: Stripe, here the fake on loopback.
  stripe = await startStripe();
  shop = await stripeShop(db, stripe);
  const { organization, token } = shop;
  const polar = createPolar({ accessToken: token, baseUrl: SDK_BASE_URL });
  const fixtures: Fixtures = { organization: organization.id };
  for (const [name, drive] of DRIVES) {
    const method = sdk.methods.find((m) => m.name === name);
    if (!method) throw new Error(`The SDK has no method ${name}.`);
    const before = unrouted.length;
    try {
      const answer = await drive(polar, fixtures);
      const problems = (method.resolves ? sdk.check(answer, method.resolves) : []).filter(
        (problem) => !DECLARATION_ERRATA.some((erratum) => erratum.test(problem)),
      );
      results.set(
        name,
        problems.length
          ? {
              outcome: "answers otherwise",
              detail: `${problems.length} problems: ${problems.slice(0, process.env.SDK_REPORT_ALL ? 200 : 3).join("; ")}`,
            }
          : { outcome: "conforms", detail: "" },
      );
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      results.set(
        name,
        unrouted.length > before
          ? { outcome: "no route", detail: unrouted.at(-1)! }
          : { outcome: "fails", detail: `${status ?? ""} ${String((error as Error).message).slice(0, 160)}` },
      );
    }
  }
}, 120_000);

afterAll(async () => {
  restore?.();
  await stripe?.stop();
});

describe("@polar-sh/sdk 1.0.1, API version 2026-10", () => {
  it("reports every method: conforming, answering otherwise, failing, no route, not driven", () => {
    const callable = sdk.methods.filter((m) => !/\.iter[A-Z]/.test(m.name));
    const counts: Record<Outcome, number> = {
      conforms: 0,
      "answers otherwise": 0,
      fails: 0,
      "no route": 0,
      "not driven": 0,
    };
    const lines: string[] = [];
    for (const method of callable) {
      const result = results.get(method.name) ?? { outcome: "not driven" as const, detail: "" };
      counts[result.outcome] += 1;
      if (result.outcome !== "not driven")
        lines.push(`${result.outcome.padEnd(18)} ${method.name} ${result.detail}`);
    }
    console.log(
      `Polar SDK 1.0.1 (2026-10): ${callable.length} methods; ${JSON.stringify(counts)}\n${lines.join("\n")}`,
    );
    expect(callable.length).toBeGreaterThan(150);
  });

  it("keeps every method that conformed conforming", () => {
    const broken = CONFORMING.filter((name) => results.get(name)?.outcome !== "conforms").map(
      (name) => `${name}: ${results.get(name)?.outcome ?? "not driven"} ${results.get(name)?.detail ?? ""}`,
    );
    expect(broken).toEqual([]);
  });
});
