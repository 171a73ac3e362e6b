// `npm run user:create -- --email you@example.com --organization "Your Company"`: the first
// merchant of a real install. The password comes from MERCHANT_PASSWORD, or is asked for. On
// PostgreSQL it runs alongside the server; the embedded database must be closed first (it says so).
import { parseArgs } from "node:util";
import { createInterface } from "node:readline/promises";
import { z } from "zod";
import { closeDb } from "../lib/db/client";
import { openScriptDb } from "../lib/db/script-db";
import { createMerchant } from "../lib/auth/users";

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    name: { type: "string" },
    organization: { type: "string" },
    slug: { type: "string" },
  },
});
if (!values.email || !values.organization) {
  console.error(
    'Usage: npm run user:create -- --email <email> --organization "<name>" [--slug <slug>] [--name "<your name>"]\n' +
      "The password is read from MERCHANT_PASSWORD, or asked for.",
  );
  process.exit(2);
}

async function askPassword(): Promise<string> {
  if (process.env.MERCHANT_PASSWORD) return process.env.MERCHANT_PASSWORD;
  const readline = createInterface({ input: process.stdin, output: process.stdout });
  const password = await readline.question("Password (at least 10 characters): ");
  readline.close();
  return password;
}

// Before the password prompt: a locked database is refused before anyone types a password.
const db = await openScriptDb("create the user");
try {
  const { user, organization } = await createMerchant(db, {
    email: values.email,
    password: await askPassword(),
    name: values.name,
    organizationName: values.organization,
    organizationSlug: values.slug,
  });
  console.log(`Created ${user.email}, owner of ${organization.name} (/dashboard/${organization.slug}).`);
} catch (error) {
  const message =
    error instanceof z.ZodError
      ? error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("\n")
      : (error as Error).message;
  console.error(message);
  process.exitCode = 1;
} finally {
  await closeDb();
}
