// A local stand-in for the European Commission's VIES REST service (lib/tax/vies.ts), on
// 127.0.0.1 and a port of its own: `GET /ms/{country}/vat/{number}` answers as VIES does, by the
// behaviour set for the number (valid, invalid, a member state unavailable, a 503, too slow, too
// large), and counts the requests so tests can tell a cached answer from a fresh one. Point
// VIES_API_BASE at `fake.base`.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type ViesBehaviour = "valid" | "invalid" | "ms_unavailable" | "http_503" | "slow" | "huge";

export type ViesFake = {
  /** The VIES_API_BASE of this fake. */
  base: string;
  /** The paths asked, in order (`/ms/DE/vat/123456789`). */
  calls: string[];
  /** How many times a number (with its prefix: `DE123456789`) was asked. */
  callsFor(vatNumber: string): number;
  /** Sets what the fake answers for a number (with its prefix); unknown numbers are invalid. */
  set(vatNumber: string, behaviour: ViesBehaviour, name?: string): void;
  /** How long a `slow` answer waits. */
  slowMs: number;
  close(): Promise<void>;
};

/** Numbers the fake knows from the start (each in the right format for its country). */
export const VIES_NUMBERS = {
  valid: "DE123456789",
  validName: "Example GmbH",
  otherValid: "FR40303265045",
  invalid: "DE111111111",
  msUnavailable: "DE222222222",
  http503: "DE333333333",
  slow: "DE444444444",
  huge: "DE555555555",
} as const;

export async function startViesFake(): Promise<ViesFake> {
  const behaviours = new Map<string, { behaviour: ViesBehaviour; name: string }>([
    [VIES_NUMBERS.valid, { behaviour: "valid", name: VIES_NUMBERS.validName }],
    [VIES_NUMBERS.otherValid, { behaviour: "valid", name: "---" }],
    [VIES_NUMBERS.invalid, { behaviour: "invalid", name: "" }],
    [VIES_NUMBERS.msUnavailable, { behaviour: "ms_unavailable", name: "" }],
    [VIES_NUMBERS.http503, { behaviour: "http_503", name: "" }],
    [VIES_NUMBERS.slow, { behaviour: "slow", name: "" }],
    [VIES_NUMBERS.huge, { behaviour: "huge", name: "" }],
  ]);
  const calls: string[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const server = http.createServer((request, response) => {
    const path = (request.url ?? "/").split("?")[0]!;
    calls.push(path);
    const match = /^\/ms\/([A-Z]{2})\/vat\/([^/]+)$/.exec(path);
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (request.method !== "GET" || !match) return json(404, { actionSucceed: false });
    const [, country, number] = match as unknown as [string, string, string];
    const known = behaviours.get(`${country}${decodeURIComponent(number)}`);
    const behaviour = known?.behaviour ?? "invalid";
    const answer = (isValid: boolean, userError: string, name = "---") => ({
      isValid,
      requestDate: new Date().toISOString(),
      userError,
      name,
      address: isValid ? "Musterstraße 1\n10115 Berlin" : "---",
      requestIdentifier: "",
      originalVatNumber: number,
      vatNumber: number,
      viesApproximate: { name: "---", street: "---", postalCode: "---", city: "---" },
    });
    switch (behaviour) {
      case "valid":
        return json(200, answer(true, "VALID", known?.name));
      case "invalid":
        return json(200, answer(false, "INVALID"));
      case "ms_unavailable":
        return json(200, answer(false, "MS_UNAVAILABLE"));
      case "http_503":
        return json(503, { actionSucceed: false, errorWrappers: [{ error: "SERVICE_UNAVAILABLE" }] });
      case "huge":
        return json(200, { ...answer(true, "VALID"), padding: "x".repeat(200_000) });
      case "slow": {
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!response.destroyed) json(200, answer(true, "VALID", "Too Late Ltd"));
        }, fake.slowMs);
        timers.add(timer);
        return;
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const fake: ViesFake = {
    base: `http://127.0.0.1:${port}`,
    calls,
    callsFor: (vatNumber) =>
      calls.filter((path) => path === `/ms/${vatNumber.slice(0, 2)}/vat/${vatNumber.slice(2)}`).length,
    set: (vatNumber, behaviour, name = "Registered Name") => behaviours.set(vatNumber, { behaviour, name }),
    slowMs: 2_000,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
