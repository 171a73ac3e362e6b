// Dashboard sign-in: the request and the session view (who is signed in, their organizations, and
// the CSRF token the dashboard sends back on writes).
import { z } from "zod";

export const signInBody = z.object({
  email: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(1024),
});

export const sessionViewSchema = z.object({
  user: z.object({ id: z.uuid(), email: z.string(), name: z.string().nullable() }),
  organizations: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      slug: z.string(),
      livemode: z.boolean().describe("false for a test organization (its dashboard says so)."),
      role: z.string(),
    }),
  ),
  csrf_token: z.string(),
});
