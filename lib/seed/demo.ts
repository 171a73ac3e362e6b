// The demo organization a fresh clone starts with: built once (idempotently, in one transaction)
// from the same factories the tests use, with a checkout link whose URL (`/buy/acme-studio`, a
// fresh checkout session on every visit) start-up prints: it never expires, unlike a session's.
// A later boot puts the link back if it was deleted, and applies DEMO_ADMIN_PASSWORD (the
// documented way back into a demo whose printed password was lost). Instances booting together on one PostgreSQL
// queue on an advisory lock, so the second finds the demo the first created.
import { randomBytes, randomUUID } from "node:crypto";
import type { Db, Tx } from "../db/client";
import { publicBaseUrl } from "../config";
import { sha256Hex } from "../crypto";
import { newAccessToken } from "../auth/access-tokens";
import { hashPassword, verifyPassword } from "../auth/passwords";
import {
  createActivation,
  createBenefit,
  createCheckout,
  createCustomer,
  createCustomField,
  createDiscount,
  createMerchantUser,
  createOrder,
  createOrganization,
  createProduct,
  createToken,
} from "../factories";
import { DEMO_CHECKOUT_LINK_SLUG, DEMO_SLUG } from "./demo-slug";

export { DEMO_CHECKOUT_LINK_SLUG, DEMO_SLUG } from "./demo-slug";
export const DEMO_EXPIRED_CHECKOUT_SECRET = "cs_demo_expired";
/** Fixed so browser tests can open checkouts for the pay-what-you-want product. */
export const DEMO_PWYW_PRODUCT_ID = "00000000-0000-4000-8000-0000000001c0";

export type DemoResult = {
  created: boolean;
  organizationName: string;
  adminEmail: string;
  /** Known only when this run created the user or the password came from the environment. */
  adminPassword: string | null;
  /** Known only when this run created it or it came from DEMO_ACCESS_TOKEN. */
  token: string | null;
  /** The demo checkout link's public URL (lib/checkout-links: each visit opens a fresh session). */
  checkoutLinkUrl: string;
};

export const demoCheckoutLinkUrl = () => `${publicBaseUrl()}/buy/${DEMO_CHECKOUT_LINK_SLUG}`;

const DAY = 24 * 60 * 60 * 1000;
// Any constant of its own (the migrator uses another): held until the seed's transaction ends.
const SEED_LOCK_KEY = 72_707_370;

/** The demo checkout link for Acme Studio, unless a live one has its slug. */
async function ensureCheckoutLink(tx: Tx, organizationId: string, now: Date) {
  const live = await tx.checkoutLink.findUnique({ where: { slug: DEMO_CHECKOUT_LINK_SLUG } });
  if (live) return;
  const studio = await tx.product.findFirst({
    where: { organization_id: organizationId, is_recurring: false, is_archived: false },
    orderBy: { created_at: "asc" },
  });
  if (!studio) return;
  await tx.checkoutLink.create({
    data: {
      id: randomUUID(),
      created_at: now,
      organization_id: organizationId,
      label: "Acme Studio (demo)",
      slug: DEMO_CHECKOUT_LINK_SLUG,
      link_products: { create: [{ product_id: studio.id, order: 0 }] },
    },
  });
}

/** Sets the demo admin's password to DEMO_ADMIN_PASSWORD, creating the admin if it is missing. */
async function applyAdminPassword(tx: Tx, organizationId: string, email: string, password: string) {
  const admin = await tx.user.findUnique({ where: { email } });
  if (!admin) {
    await createMerchantUser(tx, { email, password, name: "Demo Admin", organizationIds: [organizationId] });
    return;
  }
  if (!(await verifyPassword(password, admin.password_hash))) {
    await tx.user.update({
      where: { id: admin.id },
      data: { password_hash: await hashPassword(password), modified_at: new Date() },
    });
  }
  await tx.membership.upsert({
    where: { user_id_organization_id: { user_id: admin.id, organization_id: organizationId } },
    create: { user_id: admin.id, organization_id: organizationId, role: "owner" },
    update: {},
  });
}

export async function seedDemo(db: Db, now = new Date()): Promise<DemoResult> {
  const adminEmail = (process.env.DEMO_ADMIN_EMAIL ?? "admin@demo.test").toLowerCase();
  const envPassword = process.env.DEMO_ADMIN_PASSWORD ?? null;
  const envToken = process.env.DEMO_ACCESS_TOKEN ?? null;

  return db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY}::bigint)`;
      const existing = await tx.organization.findUnique({ where: { slug: DEMO_SLUG } });
      if (existing) {
        // A token fixed by the environment must work even if the demo was seeded without it.
        if (
          envToken &&
          !(await tx.organizationAccessToken.findUnique({ where: { token_hash: sha256Hex(envToken) } }))
        ) {
          await createToken(tx, existing.id, { token: envToken, comment: "Demo token (DEMO_ACCESS_TOKEN)" });
        }
        if (envPassword) await applyAdminPassword(tx, existing.id, adminEmail, envPassword);
        await ensureCheckoutLink(tx, existing.id, now);
        return {
          created: false,
          organizationName: existing.name,
          adminEmail,
          adminPassword: envPassword,
          token: envToken,
          checkoutLinkUrl: demoCheckoutLinkUrl(),
        };
      }

      const organization = await createOrganization(tx, {
        name: "Acme Software",
        slug: DEMO_SLUG,
        // Test: the demo takes only test payments, and its pages and emails say so.
        livemode: false,
        email: "sales@acme.test",
        bio: "Desktop tools for people who ship.",
      });
      await tx.taxRate.createMany({
        data: [
          {
            id: randomUUID(),
            organization_id: organization.id,
            country: "DE",
            state: null,
            basis_points: 1900,
          },
          {
            id: randomUUID(),
            organization_id: organization.id,
            country: "US",
            state: "CA",
            basis_points: 725,
          },
        ],
      });
      const adminPassword = envPassword ?? randomBytes(9).toString("base64url");
      await createMerchantUser(tx, {
        email: adminEmail,
        password: adminPassword,
        name: "Demo Admin",
        organizationIds: [organization.id],
      });
      const token = envToken ?? newAccessToken();
      await createToken(tx, organization.id, { token, comment: "Demo token (all scopes)" });

      const licenseBenefit = await createBenefit(tx, organization.id, {
        type: "license_keys",
        description: "License key for Acme Studio",
        properties: { prefix: "ACME", activations: { limit: 3 }, expires: { ttl: 1, timeframe: "year" } },
      });
      const supportBenefit = await createBenefit(tx, organization.id, {
        type: "custom",
        description: "Priority email support",
        properties: { note: "Write to support@acme.test with your order number." },
      });
      const { product: studio, price: studioPrice } = await createProduct(tx, organization.id, {
        product: {
          name: "Acme Studio",
          description: "The desktop editor, yours forever. Includes 1 year of updates.",
        },
        price: { price_amount: 4900 },
        benefitIds: [licenseBenefit.id, supportBenefit.id],
      });
      const { price: cloudPrice } = await createProduct(tx, organization.id, {
        product: { name: "Acme Cloud", description: "Sync and backups, billed monthly." },
        price: { type: "recurring", recurring_interval: "month", price_amount: 900 },
        benefitIds: [licenseBenefit.id],
      });
      await createProduct(tx, organization.id, {
        product: {
          id: DEMO_PWYW_PRODUCT_ID,
          name: "Acme Icons",
          description: "400 hand-drawn icons. Pay what you think they are worth.",
        },
        price: { amount_type: "custom", minimum_amount: 300, maximum_amount: 50_000, preset_amount: 1500 },
        benefitIds: [supportBenefit.id],
      });
      await createCustomField(tx, organization.id, {
        slug: "company",
        name: "Company",
        properties: {
          form_label: "Company name",
          form_placeholder: "Acme Inc.",
          min_length: 2,
          max_length: 100,
        },
        attachTo: { productId: studio.id, required: true },
      });
      const launch = await createDiscount(tx, organization.id, {
        name: "Launch week",
        code: "LAUNCH20",
        type: "percentage",
        basis_points: 2000,
        duration: "once",
      });
      await createDiscount(tx, organization.id, {
        name: "Five off",
        code: "FIVEOFF",
        type: "fixed",
        amount: 500,
        currency: "usd",
        duration: "once",
        max_redemptions: 100,
      });
      await createDiscount(tx, organization.id, {
        name: "Friends and family",
        code: "FRIENDS100",
        type: "percentage",
        basis_points: 10_000,
        duration: "once",
      });
      // A session that has already expired, so the hosted page's "expired" state can be seen.
      await createCheckout(tx, organization.id, studioPrice.id, {
        client_secret: DEMO_EXPIRED_CHECKOUT_SECRET,
        status: "expired",
        created_at: new Date(now.getTime() - 2 * 60 * 60 * 1000),
        expires_at: new Date(now.getTime() - 60 * 60 * 1000),
      });

      const buyers = [
        { email: "ada@example.com", name: "Ada Lovelace" },
        { email: "grace@example.com", name: "Grace Hopper" },
        { email: "alan@example.com", name: "Alan Turing" },
        { email: "linus@example.com", name: "Linus Torvalds" },
      ];
      for (const [i, buyer] of buyers.entries()) {
        const customer = await createCustomer(tx, organization.id, {
          ...buyer,
          billing_address: {
            country: i % 2 ? "US" : "DE",
            line1: null,
            line2: null,
            city: null,
            postal_code: null,
            state: i % 2 ? "CA" : null,
          },
        });
        const createdAt = new Date(now.getTime() - (buyers.length - i) * 3 * DAY);
        await createOrder(tx, organization.id, {
          customerId: customer.id,
          priceId: studioPrice.id,
          order: {
            created_at: createdAt,
            amount: i === 0 ? 3920 : 4900,
            discount_id: i === 0 ? launch.id : null,
            custom_field_data: { company: `${buyer.name.split(" ")[1]} Labs` },
          },
        });
        if (i % 2 === 0) {
          await createOrder(tx, organization.id, {
            customerId: customer.id,
            priceId: cloudPrice.id,
            order: { created_at: new Date(createdAt.getTime() + DAY) },
          });
        }
      }
      const keys = await tx.licenseKey.findMany({
        where: { organization_id: organization.id },
        orderBy: { created_at: "asc" },
      });
      for (const [i, key] of keys.entries()) {
        for (let n = 0; n < (i % 3) + 1; n++) {
          await createActivation(tx, key.id, {
            label: ["MacBook Pro", "Work PC", "Linux box"][n]!,
            meta: { os: ["macos", "windows", "linux"][n]! },
          });
        }
      }
      await ensureCheckoutLink(tx, organization.id, now);
      return {
        created: true,
        organizationName: organization.name,
        adminEmail,
        adminPassword,
        token,
        checkoutLinkUrl: demoCheckoutLinkUrl(),
      };
    },
    { timeout: 120_000, maxWait: 30_000 },
  );
}
