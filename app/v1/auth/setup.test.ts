// First-merchant setup through the real handlers, on a database with no user (each test file has
// its own): the status, each validation rule's exact 422, the setup code printed at start (wrong
// codes refused and throttled per address, any printed code accepted, none once a user exists),
// concurrent setups of which exactly one wins and signs in, and every setup refused once a user
// exists. Tests run in order.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { verifyPassword } from "@/lib/auth/passwords";
import { issueSetupCode, SETUP_CODE_THROTTLE } from "@/lib/organizations/setup-code";
import { WRONG_SETUP_CODE } from "@/lib/organizations/setup";
import { call } from "@/test/http";
import { fromPeer } from "@/test/peer";
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

let setupCode: string;
const body = (n: number) => ({
  setup_code: setupCode,
  email: `Owner${n}@Example.com`,
  password: `a long enough password ${n}`,
  name: `Owner ${n}`,
  organization_name: `Company ${n}`,
  organization_slug: `company-${n}`,
});

let db: Db;
let earlierCode: string;
beforeAll(async () => {
  db = await getDb();
  // Two starts (or two instances): each printed code works.
  earlierCode = (await issueSetupCode(db))!;
  setupCode = (await issueSetupCode(db))!;
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
          problem("missing", ["body", "setup_code"], "Field required"),
          problem("missing", ["body", "email"], "Field required"),
          problem("missing", ["body", "password"], "Field required"),
          problem("missing", ["body", "organization_name"], "Field required"),
          problem("missing", ["body", "organization_slug"], "Field required"),
        ],
      ],
      [
        {
          setup_code: "not the code",
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

  it("is refused without the printed setup code (422), whatever its case or spacing otherwise", async () => {
    expect(setupCode).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    expect(earlierCode).not.toBe(setupCode);
    const wrong = [
      "",
      "AAAA-AAAA-AAAA",
      setupCode.slice(0, -1),
      `${setupCode}X`,
      setupCode.replace(/.$/, (c) => (c === "A" ? "B" : "A")),
    ];
    for (const code of wrong) {
      const res = await call(setup, {
        body: { ...body(0), setup_code: code },
        headers: fromPeer("198.51.100.1"),
      });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        error: "RequestValidationError",
        detail: [problem("value_error", ["body", "setup_code"], WRONG_SETUP_CODE)],
      });
    }
    expect(await counts()).toEqual(NOTHING);
    expect((await call(status)).body).toEqual({ setup_required: true });
  });

  it("keeps the 20 newest codes: a server restarting in a loop does not grow the table", async () => {
    for (let i = 0; i < 25; i++) await issueSetupCode(db, new Date(Date.UTC(2020, 0, 1, 0, i)));
    expect(await db.setupCode.count()).toBe(20);
    // The codes of this test file's starts are the newest, and kept.
    const kept = await db.setupCode.findMany({ orderBy: { created_at: "desc" }, take: 2 });
    expect(kept.every((row) => row.created_at.getUTCFullYear() > 2020)).toBe(true);
  });

  it("throttles guesses per client address, not for other addresses", async () => {
    const guess = (address: string, code = "BBBB-BBBB-BBBB") =>
      call(setup, { body: { ...body(0), setup_code: code }, headers: fromPeer(address) });
    const statuses = [];
    for (let i = 0; i < SETUP_CODE_THROTTLE.freeAttempts + 1; i++)
      statuses.push((await guess("198.51.100.2")).status);
    expect(statuses).toEqual([...Array(SETUP_CODE_THROTTLE.freeAttempts).fill(422), 429]);
    const throttled = await guess("198.51.100.2", setupCode);
    expect(throttled.status).toBe(429);
    expect(throttled.body).toEqual({
      error: "RateLimitExceeded",
      detail: expect.stringMatching(/^Too many setup attempts\. Try again in (14|15) second\(s\)\.$/),
    });
    expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThanOrEqual(14);
    expect(await counts()).toEqual(NOTHING);
    // Another address still gets its answer.
    expect((await guess("198.51.100.3")).status).toBe(422);
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
      organizations: [
        { id: organization.id, name: `Company ${n}`, slug: `company-${n}`, livemode: false, role: "owner" },
      ],
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

  it("forgets every setup code once the first merchant exists, and prints none any more", async () => {
    expect(await db.setupCode.count()).toBe(0);
    expect(await issueSetupCode(db)).toBeNull();
    expect(await db.setupCode.count()).toBe(0);
    for (const code of [setupCode, earlierCode]) {
      const res = await call(setup, { body: { ...body(8), setup_code: code } });
      expect(res.status).toBe(403);
    }
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
