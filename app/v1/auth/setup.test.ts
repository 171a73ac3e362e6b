// First-merchant setup through the real handlers, on a database with no user (each test file has
// its own): the status, each validation rule's exact 422, concurrent setups of which exactly one
// wins and signs in, and every setup refused once a user exists. Tests run in order.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { verifyPassword } from "@/lib/auth/passwords";
import { call } from "@/test/http";
import { GET as status, POST as setup } from "./setup/route";
import { GET as session } from "./session/route";
import { GET as listOrganizations } from "../organizations/route";

type Problem = { type: string; loc: (string | number)[]; msg: string; input: unknown };
const problem = (type: string, loc: (string | number)[], msg: string, input: unknown = null): Problem => ({
  type,
  loc,
  msg,
  input,
});

const body = (n: number) => ({
  email: `Owner${n}@Example.com`,
  password: `a long enough password ${n}`,
  name: `Owner ${n}`,
  organization_name: `Company ${n}`,
  organization_slug: `company-${n}`,
});

let db: Db;
beforeAll(async () => {
  db = await getDb();
});

const counts = async () => ({
  users: await db.user.count(),
  organizations: await db.organization.count(),
  memberships: await db.membership.count(),
  sessions: await db.userSession.count(),
});
const NOTHING = { users: 0, organizations: 0, memberships: 0, sessions: 0 };

describe("/v1/auth/setup", () => {
  it("says setup is needed while there is no user", async () => {
    const res = await call(status);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ setup_required: true });
  });

  it("validates every field, all problems at once, and writes nothing", async () => {
    const cases: [unknown, Problem[]][] = [
      [
        {},
        [
          problem("missing", ["body", "email"], "Field required"),
          problem("missing", ["body", "password"], "Field required"),
          problem("missing", ["body", "organization_name"], "Field required"),
          problem("missing", ["body", "organization_slug"], "Field required"),
        ],
      ],
      [
        {
          email: "not-an-email",
          password: "too short",
          name: "x".repeat(121),
          organization_name: " ",
          organization_slug: "Company!",
        },
        [
          problem("value_error", ["body", "email"], "value is not a valid email address", "not-an-email"),
          problem(
            "string_too_short",
            ["body", "password"],
            "String should have at least 10 characters",
            "too short",
          ),
          problem(
            "string_too_long",
            ["body", "name"],
            "String should have at most 120 characters",
            "x".repeat(121),
          ),
          problem(
            "string_too_short",
            ["body", "organization_name"],
            "String should have at least 1 characters",
            "",
          ),
          problem(
            "value_error",
            ["body", "organization_slug"],
            "Slug should hold only lower-case letters, digits and dashes, not at either end",
            "Company!",
          ),
        ],
      ],
      [
        { ...body(0), password: "x".repeat(1025), organization_slug: "sign-in" },
        [
          problem(
            "string_too_long",
            ["body", "password"],
            "String should have at most 1024 characters",
            "x".repeat(199) + "…",
          ),
          problem("value_error", ["body", "organization_slug"], "This slug is reserved", "sign-in"),
        ],
      ],
    ];
    for (const [input, detail] of cases) {
      const res = await call(setup, { body: input });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ error: "RequestValidationError", detail });
    }
    expect(await counts()).toEqual(NOTHING);
  });

  it("lets exactly one of several concurrent setups through, and signs its merchant in", async () => {
    const answers = await Promise.all([1, 2, 3, 4].map((n) => call(setup, { body: body(n) })));
    const won = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status !== 201);
    expect(won).toHaveLength(1);
    for (const answer of refused) {
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({
        error: "NotPermitted",
        detail: "This installation is already set up: sign in instead.",
      });
    }
    expect(await counts()).toEqual({ users: 1, organizations: 1, memberships: 1, sessions: 1 });

    const winner = won[0]!;
    const n = answers.indexOf(winner) + 1;
    const user = await db.user.findFirstOrThrow();
    const organization = await db.organization.findFirstOrThrow();
    expect(user).toMatchObject({ email: `owner${n}@example.com`, name: `Owner ${n}` });
    expect(await verifyPassword(`a long enough password ${n}`, user.password_hash)).toBe(true);
    expect(organization).toMatchObject({ name: `Company ${n}`, slug: `company-${n}` });
    expect(await db.membership.findFirstOrThrow()).toMatchObject({
      user_id: user.id,
      organization_id: organization.id,
      role: "owner",
    });
    expect(winner.body).toEqual({
      user: { id: user.id, email: `owner${n}@example.com`, name: `Owner ${n}` },
      organizations: [{ id: organization.id, name: `Company ${n}`, slug: `company-${n}`, role: "owner" }],
      csrf_token: expect.any(String),
    });

    // The same cookies as a sign-in: a working session for the dashboard.
    const cookies = winner.headers.getSetCookie();
    expect(cookies.map((line) => line.split("=")[0])).toEqual(["dsb_session", "dsb_csrf"]);
    expect(cookies[0]).toMatch(/; Path=\/; Max-Age=604800; SameSite=Lax; HttpOnly/);
    const cookie = cookies.map((line) => line.split(";")[0]).join("; ");
    const view = await call(session, { headers: { cookie } });
    expect(view.status).toBe(200);
    expect(view.body).toEqual(winner.body);
    const listed = await call(listOrganizations, { headers: { cookie } });
    expect(listed.body.items.map((o: { id: string }) => o.id)).toEqual([organization.id]);
  });

  it("is refused once a user exists, and says so", async () => {
    const before = await counts();
    const res = await call(setup, { body: body(9) });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: "NotPermitted",
      detail: "This installation is already set up: sign in instead.",
    });
    expect(await counts()).toEqual(before);
    expect((await call(status)).body).toEqual({ setup_required: false });
  });
});
