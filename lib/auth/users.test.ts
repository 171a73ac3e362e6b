import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { verifyPassword } from "./passwords";
import { createMerchant, slugify } from "./users";

describe("createMerchant (npm run user:create)", () => {
  it("creates the user, a new organization and the owner membership; the password is hashed", async () => {
    const db = await getDb();
    const { user, organization } = await createMerchant(db, {
      email: "Owner@Example.com",
      password: "a fine password",
      organizationName: "Über Tools, Inc.",
    });
    expect(user.email).toBe("owner@example.com");
    expect(organization.slug).toBe("uber-tools-inc");
    expect(await verifyPassword("a fine password", user.password_hash)).toBe(true);
    expect(user.password_hash).not.toContain("a fine password");
    const membership = await db.membership.findUniqueOrThrow({
      where: { user_id_organization_id: { user_id: user.id, organization_id: organization.id } },
    });
    expect(membership.role).toBe("owner");
  });

  it("joins an existing organization by slug; refuses a taken email and a short password", async () => {
    const db = await getDb();
    const first = await createMerchant(db, {
      email: "first@example.com",
      password: "a fine password",
      organizationName: "Joined Tools",
    });
    const second = await createMerchant(db, {
      email: "second@example.com",
      password: "another password",
      organizationName: "ignored",
      organizationSlug: "joined-tools",
    });
    expect(second.organization).toMatchObject({ id: first.organization.id, name: "Joined Tools" });
    await expect(
      createMerchant(db, { email: "First@example.com", password: "a fine password", organizationName: "X" }),
    ).rejects.toThrow("already exists");
    await expect(
      createMerchant(db, { email: "short@example.com", password: "short", organizationName: "X" }),
    ).rejects.toThrow("at least 10");
    expect(await db.user.count({ where: { email: "short@example.com" } })).toBe(0);
  });

  it("slugifies names", () => {
    expect(slugify("  Acme -- Software  ")).toBe("acme-software");
    expect(slugify("!!!")).toBe("organization");
  });
});
