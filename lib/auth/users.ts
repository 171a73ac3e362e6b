// Creating merchants for a real install (`npm run user:create`): a user, and an organization they
// own, created or joined by slug.
import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { Db } from "../db/client";
import { hashPassword } from "./passwords";
import { SLUG_PATTERN, slugify } from "../core/slug";
import { defaultInvoicePrefix } from "../core/invoice-number-format";

export { slugify };

export const createMerchantInput = z.object({
  email: z.email().transform((e) => e.toLowerCase()),
  password: z.string().min(10, "Use at least 10 characters").max(1024),
  name: z.string().trim().min(1).max(120).optional(),
  organizationName: z.string().trim().min(1).max(120),
  organizationSlug: z.string().regex(SLUG_PATTERN, "Lowercase letters, digits and dashes").optional(),
});
export type CreateMerchantInput = z.input<typeof createMerchantInput>;

/** Creates the user (the email must be new) and owner membership; returns what was created. */
export async function createMerchant(db: Db, raw: CreateMerchantInput) {
  const input = createMerchantInput.parse(raw);
  const passwordHash = await hashPassword(input.password);
  const slug = input.organizationSlug ?? slugify(input.organizationName);
  return db.$transaction(async (tx) => {
    if (await tx.user.findUnique({ where: { email: input.email } })) {
      throw new Error(`A user with the email ${input.email} already exists.`);
    }
    const organization =
      (await tx.organization.findUnique({ where: { slug } })) ??
      (await tx.organization.create({
        data: {
          id: randomUUID(),
          name: input.organizationName,
          slug,
          customer_invoice_prefix: defaultInvoicePrefix(slug),
        },
      }));
    const user = await tx.user.create({
      data: { id: randomUUID(), email: input.email, name: input.name ?? null, password_hash: passwordHash },
    });
    await tx.membership.create({
      data: { user_id: user.id, organization_id: organization.id, role: "owner" },
    });
    return { user, organization };
  });
}
