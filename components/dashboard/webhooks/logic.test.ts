// The webhooks pages' rules: event groups and the picker's select-all, an endpoint's status, the
// form → create and PATCH bodies, and how a delivery's request and attempts read.
import { describe, expect, it } from "vitest";
import { WEBHOOK_EVENT_TYPES } from "@/lib/webhooks/event-types";
import {
  attemptOutcome,
  canRetryNow,
  deliveryBadge,
  EMPTY_WEBHOOK_ENDPOINT_FORM,
  endpointCreateBody,
  endpointPatch,
  endpointStatus,
  formatDuration,
  formFromEndpoint,
  groupEventTypes,
  prettyJson,
  requestHeaders,
  selectionState,
  succeededFilter,
  toggleEventTypes,
} from "./logic";
import { TEST_ENDPOINT } from "./test-endpoint";

const endpoint = TEST_ENDPOINT;

const day = (iso: string) => iso.slice(0, 10);

describe("event picker", () => {
  it("groups every event type by its resource, in catalogue order", () => {
    const groups = groupEventTypes();
    expect(groups.map((group) => group.label)).toEqual([
      "Checkout",
      "Order",
      "Refund",
      "Dispute",
      "Subscription",
      "Benefit grant",
      "License key",
      "Customer",
    ]);
    expect(groups.find((group) => group.resource === "order")!.types).toEqual([
      "order.created",
      "order.paid",
      "order.updated",
      "order.refunded",
    ]);
    expect(groups.flatMap((group) => group.types)).toEqual([...WEBHOOK_EVENT_TYPES]);
  });

  it("selects and clears a group or everything, keeping the catalogue's order", () => {
    const orders = ["order.created", "order.paid", "order.refunded"];
    const picked = toggleEventTypes(["customer.created"], orders, true);
    expect(picked).toEqual(["order.created", "order.paid", "order.refunded", "customer.created"]);
    expect(toggleEventTypes(picked, orders, false)).toEqual(["customer.created"]);
    expect(toggleEventTypes([], WEBHOOK_EVENT_TYPES, true)).toEqual([...WEBHOOK_EVENT_TYPES]);
    expect(toggleEventTypes(WEBHOOK_EVENT_TYPES, WEBHOOK_EVENT_TYPES, false)).toEqual([]);
  });

  it("keeps a subscribed type the catalogue no longer lists", () => {
    expect(toggleEventTypes(["legacy.thing"], ["order.paid"], true)).toEqual(["order.paid", "legacy.thing"]);
  });

  it("tells all, none and some apart (the mixed checkbox)", () => {
    const orders = ["order.created", "order.paid"];
    expect(selectionState([], orders)).toBe("none");
    expect(selectionState(["order.paid"], orders)).toBe("some");
    expect(selectionState(["order.paid", "order.created", "customer.created"], orders)).toBe("all");
  });
});

describe("endpoint status", () => {
  it("is Enabled, Failing since a date, or Disabled (which wins)", () => {
    expect(endpointStatus(endpoint, day)).toMatchObject({ kind: "enabled", label: "Enabled", tone: "green" });
    const failing = { ...endpoint, failing_since: "2030-02-03T04:05:06.000Z" };
    expect(endpointStatus(failing, day)).toEqual({
      kind: "failing",
      label: "Failing since 2030-02-03",
      tone: "amber",
      since: "2030-02-03T04:05:06.000Z",
    });
    expect(endpointStatus({ ...failing, enabled: false }, day)).toMatchObject({
      kind: "disabled",
      label: "Disabled",
      tone: "red",
    });
  });
});

describe("endpoint form", () => {
  it("builds the create body; a custom secret only when given", () => {
    const form = { ...EMPTY_WEBHOOK_ENDPOINT_FORM, url: " https://example.com/in ", events: ["order.paid"] };
    expect(endpointCreateBody(form)).toEqual({
      body: { url: "https://example.com/in", events: ["order.paid"], enabled: true },
      errors: {},
    });
    expect(endpointCreateBody({ ...form, secret: " whsec_abc " }).body.secret).toBe("whsec_abc");
  });

  it("reports problems under the API's field names before sending", () => {
    expect(endpointCreateBody(EMPTY_WEBHOOK_ENDPOINT_FORM).errors).toEqual({
      url: "Enter the URL to send events to.",
      events: "Pick at least one event.",
    });
    const form = {
      ...EMPTY_WEBHOOK_ENDPOINT_FORM,
      url: "example.com",
      events: ["order.paid"],
      secret: "abc",
    };
    expect(Object.keys(endpointCreateBody(form).errors)).toEqual(["url", "secret"]);
  });

  it("PATCHes only what changed", () => {
    const form = formFromEndpoint(endpoint);
    expect(endpointPatch(form, endpoint)).toEqual({ body: {}, errors: {} });
    expect(endpointPatch({ ...form, enabled: false, events: ["order.paid"] }, endpoint).body).toEqual({
      enabled: false,
      events: ["order.paid"],
    });
  });
});

describe("deliveries", () => {
  it("maps the outcome filter to the API's succeeded flag", () => {
    expect(succeededFilter("succeeded")).toBe(true);
    expect(succeededFilter("not-succeeded")).toBe(false);
    expect(succeededFilter(null)).toBeUndefined();
    expect(succeededFilter("bogus")).toBeUndefined();
  });

  it("pretty-prints a JSON body and leaves anything else as sent", () => {
    expect(prettyJson('{"type":"order.paid","data":{"id":1}}')).toBe(
      '{\n  "type": "order.paid",\n  "data": {\n    "id": 1\n  }\n}',
    );
    expect(prettyJson("not json")).toBe("not json");
  });

  it("shows the event id as the webhook-id header", () => {
    const headers = requestHeaders({
      event: { id: "ev1", created_at: "2030-01-01T00:00:00.000Z", type: "order.paid", payload: "{}" },
    });
    expect(headers).toContainEqual(["webhook-id", "ev1"]);
    expect(headers.map(([name]) => name)).toEqual([
      "content-type",
      "webhook-id",
      "webhook-timestamp",
      "webhook-signature",
    ]);
  });

  it("tells an attempt's status code or its error", () => {
    expect(attemptOutcome({ http_status: 200, error: null })).toBe("HTTP 200");
    expect(attemptOutcome({ http_status: 500, error: "Non-2xx" })).toBe("HTTP 500: Non-2xx");
    expect(attemptOutcome({ http_status: null, error: "Timed out after 10 s" })).toBe("Timed out after 10 s");
    expect(attemptOutcome({ http_status: null, error: null })).toBe("No response");
    expect(attemptOutcome({ http_status: null, error: null, in_flight: true })).toBe(
      "In flight: waiting for the answer",
    );
    expect(formatDuration(12)).toBe("12 ms");
    expect(formatDuration(10_250)).toBe("10.3 s");
    expect(formatDuration(null)).toBe("—");
  });
});

describe("retry now and in flight", () => {
  it("offers Retry now unless delivered or in flight, and badges an attempt under way", () => {
    expect(canRetryNow({ status: "pending", in_flight: false })).toBe(true);
    expect(canRetryNow({ status: "failed", in_flight: false })).toBe(true);
    expect(canRetryNow({ status: "pending", in_flight: true })).toBe(false);
    expect(canRetryNow({ status: "succeeded", in_flight: false })).toBe(false);
    expect(deliveryBadge({ status: "pending", in_flight: true })).toEqual({
      label: "In flight",
      tone: "amber",
    });
    expect(deliveryBadge({ status: "pending", in_flight: false })).toEqual({
      label: "Pending",
      tone: "blue",
    });
  });
});
