// `npm run user:password -- you@example.com`: sets a merchant's password from the server's own
// machine, for an install without email (no SMTP_URL, so no reset link can reach anyone) or a
// merchant locked out. Every session of theirs is signed out, every reset link ended. The password
// comes from MERCHANT_PASSWORD, or is asked for. On PostgreSQL it runs alongside the server; the
// embedded database must be closed first (it says so). See docs/accounts.md.
import { createInterface } from "node:readline/promises";
import { z } from "zod";
import { closeDb } from "../lib/db/client";
import { openScriptDb } from "../lib/db/script-db";
import { setPasswordByEmail } from "../lib/auth/password-change";

const email = process.argv[2];
if (!email || email.startsWith("-") || process.argv.length > 3) {
  console.error(
    "Usage: npm run user:password -- <email>\n" +
      "The new password is read from MERCHANT_PASSWORD, or asked for. Every session of the user is signed out.",
  );
  process.exit(2);
}

async function askPassword(): Promise<string> {
  if (process.env.MERCHANT_PASSWORD) return process.env.MERCHANT_PASSWORD;
  const readline = createInterface({ input: process.stdin, output: process.stdout });
  const password = await readline.question("New password (at least 10 characters): ");
  readline.close();
  return password;
}

// Before the password prompt: a locked database is refused before anyone types a password.
const db = await openScriptDb("set the password");
try {
  const result = await setPasswordByEmail(db, { email, password: await askPassword() });
  console.log(
    `Set the password of ${result.email}; signed out ${result.signedOutSessions} session(s). Sign in at /dashboard.`,
  );
} catch (error) {
  const message =
    error instanceof z.ZodError
      ? error.issues.map((issue) => `password: ${issue.message}`).join("\n")
      : (error as Error).message;
  console.error(message);
  process.exitCode = 1;
} finally {
  await closeDb();
}
