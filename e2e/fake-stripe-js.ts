// A fake Stripe.js for the browser specs (docs/checkout.md, "Stripe on the checkout page and in
// Settings"): the checkout's Payment Element talks to Stripe.js only, so a spec swaps Stripe.js for
// this script and the real network for a Stripe fake of its own.
//
// - `@stripe/stripe-js` 10.2.1 (`loadStripe` of its `pure` entry) injects
//   `<script src="https://js.stripe.com/endive/stripe.js">` and waits for `window.Stripe`; every
//   https://js.stripe.com/ URL is answered with the script below (the page's CSP admits it: the
//   page's own nonced code loads it, and Stripe sessions' policies list js.stripe.com).
// - The script calls `https://api.stripe.com/v1/…`, as Stripe.js would (the Stripe sessions' CSP
//   allows exactly that origin), and those requests are forwarded to `apiBase`, the Stripe fake,
//   with the CORS headers a browser needs; anything else of Stripe's (m.stripe.network, r.stripe.com)
//   is answered empty, so no spec reaches the internet.
//
// What the script gives: `Stripe(publishableKey)` → `elements(options)` → `create("payment")`, an
// element drawing plain inputs labelled like Stripe's ("Card number", "Expiration date", "Security
// code") into its mount node; `elements.submit()` checks them as Stripe does;
// `createConfirmationToken({ elements })` posts `card[number]`, `card[exp_month]`, `card[exp_year]`,
// `card[cvc]` to `/v1/test_helpers/confirmation_tokens` with `Authorization: Bearer <publishable
// key>` and answers `{ confirmationToken: { id } }` (the fake's `{ id: "ctoken_…" }`) or `{ error }`;
// `handleNextAction({ clientSecret })` shows a "3D Secure 2 Test Page" dialog whose "Complete" and
// "Fail" post `outcome=succeed|fail` to `/v1/test_helpers/next_action/<intent id>`.
// `window.__fakeStripe` records the publishable key and the Elements options (amount, mode…) for
// assertions.
import type { Page, Route } from "@playwright/test";

/** The API origin the fake script calls; requests to it are forwarded to the spec's `apiBase`. */
export const STRIPE_API_ORIGIN = "https://api.stripe.com";

/** The message Stripe.js gives when the buyer fails 3-D Secure. */
export const AUTHENTICATION_FAILED_MESSAGE =
  "We are unable to authenticate your payment method. Please choose a different payment method and try again.";

const CORS_HEADERS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET, POST, OPTIONS",
  "access-control-allow-headers": "authorization, content-type, stripe-version",
  "access-control-max-age": "600",
};

/** Forwards a call of the fake script to the Stripe fake at `apiBase`, as a CORS answer. */
async function forwardToFake(route: Route, apiBase: string) {
  const request = route.request();
  if (request.method() === "OPTIONS") return route.fulfill({ status: 204, headers: CORS_HEADERS });
  const url = new URL(request.url());
  try {
    const response = await route.fetch({ url: `${apiBase.replace(/\/$/, "")}${url.pathname}${url.search}` });
    await route.fulfill({
      status: response.status(),
      headers: { ...CORS_HEADERS, "content-type": response.headers()["content-type"] ?? "application/json" },
      body: await response.body(),
    });
  } catch {
    // The fake is down: a network failure, as a browser would see it.
    await route.abort("connectionrefused");
  }
}

/**
 * Serves the fake Stripe.js to `page` and forwards its API calls to `apiBase` (the Stripe fake's
 * origin, e.g. `http://127.0.0.1:12111`). Call it before the page loads the checkout.
 */
export async function serveFakeStripeJs(page: Page, { apiBase }: { apiBase: string }): Promise<void> {
  // Registered first, so matched last: whatever else of Stripe's the page might touch.
  await page.route(/^https:\/\/([a-z0-9-]+\.)*(stripe\.com|stripe\.network)\//, (route) =>
    route.fulfill({ status: 204, headers: CORS_HEADERS }),
  );
  await page.route(/^https:\/\/js\.stripe\.com\//, (route) =>
    route.fulfill({
      status: 200,
      contentType: "application/javascript; charset=utf-8",
      body: FAKE_STRIPE_JS,
    }),
  );
  await page.route(`${STRIPE_API_ORIGIN}/**`, (route) => forwardToFake(route, apiBase));
}

/* eslint-disable @typescript-eslint/no-explicit-any -- the browser-side script, serialized whole */
/**
 * The fake Stripe.js itself, run in the page. Self-contained (it is serialized with toString): it
 * reads nothing from this module. Inline styles go through the CSSOM (`element.style`), which the
 * page's CSP allows, never a `style` attribute.
 */
function fakeStripeJs(apiOrigin: string, authenticationFailed: string) {
  const w = window as any;
  const state: any = { publishableKey: null, elementsOptions: null, updates: [], tokens: [] };
  w.__fakeStripe = state;

  const luhn = (digits: string) => {
    let sum = 0;
    for (let i = 0; i < digits.length; i++) {
      let d = Number(digits[digits.length - 1 - i]);
      if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
      sum += d;
    }
    return digits.length >= 12 && sum % 10 === 0;
  };

  const validationError = (code: string, message: string) => ({
    error: { type: "validation_error", code, message },
  });

  function createPaymentElement() {
    const listeners: Record<string, ((event: any) => void)[]> = {};
    const emit = (name: string, event: any = {}) =>
      (listeners[name] ?? []).forEach((listener) => listener({ elementType: "payment", ...event }));
    const inputs: Record<string, HTMLInputElement> = {};
    let root: HTMLElement | null = null;

    const field = (key: string, label: string, placeholder: string, autocomplete: string) => {
      const wrapper = document.createElement("label");
      wrapper.style.display = "block";
      wrapper.style.marginBottom = "8px";
      const text = document.createElement("span");
      text.textContent = label;
      text.style.display = "block";
      text.style.fontSize = "14px";
      const input = document.createElement("input");
      input.name = `fake-stripe-${key}`;
      input.placeholder = placeholder;
      input.setAttribute("autocomplete", autocomplete);
      input.inputMode = "numeric";
      input.style.width = "100%";
      input.style.boxSizing = "border-box";
      input.style.padding = "8px";
      input.style.border = "1px solid #a1a1aa";
      input.style.borderRadius = "6px";
      input.addEventListener("input", () => {
        const values = read();
        emit("change", {
          empty: !values.number && !values.expiry && !values.cvc,
          complete: !check(values),
          value: { type: "card" },
        });
      });
      wrapper.append(text, input);
      inputs[key] = input;
      return wrapper;
    };

    const read = () => ({
      number: (inputs.number?.value ?? "").replace(/\s+/g, ""),
      expiry: (inputs.expiry?.value ?? "").replace(/\s+/g, ""),
      cvc: (inputs.cvc?.value ?? "").trim(),
    });

    /** Stripe's own checks and words; null when the card is complete. */
    const check = (values: ReturnType<typeof read>) => {
      if (!values.number) return validationError("incomplete_number", "Your card number is incomplete.");
      if (!/^\d+$/.test(values.number) || !luhn(values.number))
        return validationError("invalid_number", "Your card number is invalid.");
      const expiry = /^(\d{2})\/?(\d{2})$/.exec(values.expiry);
      if (!expiry) return validationError("incomplete_expiry", "Your card's expiration date is incomplete.");
      const month = Number(expiry[1]);
      const year = 2000 + Number(expiry[2]);
      const now = new Date();
      if (month < 1 || month > 12)
        return validationError("invalid_expiry_month", "Your card's expiration date is invalid.");
      if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1))
        return validationError("invalid_expiry_year_past", "Your card's expiration year is in the past.");
      if (!/^\d{3,4}$/.test(values.cvc))
        return validationError("incomplete_cvc", "Your card's security code is incomplete.");
      return null;
    };

    const element = {
      mount(target: string | HTMLElement) {
        const node = typeof target === "string" ? document.querySelector<HTMLElement>(target) : target;
        if (!node) throw new Error(`fake Stripe.js: no mount node ${String(target)}`);
        root = document.createElement("div");
        root.dataset.fakeStripe = "payment-element";
        root.append(
          field("number", "Card number", "1234 1234 1234 1234", "cc-number"),
          field("expiry", "Expiration date", "MM / YY", "cc-exp"),
          field("cvc", "Security code", "CVC", "cc-csc"),
        );
        node.append(root);
        setTimeout(() => emit("ready"), 0);
      },
      unmount() {
        root?.remove();
        root = null;
      },
      destroy() {
        element.unmount();
      },
      on(name: string, listener: (event: any) => void) {
        (listeners[name] ??= []).push(listener);
        return element;
      },
      off(name: string, listener: (event: any) => void) {
        listeners[name] = (listeners[name] ?? []).filter((l) => l !== listener);
        return element;
      },
      update(options: any) {
        if (options && "readOnly" in options)
          for (const input of Object.values(inputs)) input.disabled = !!options.readOnly;
      },
      focus() {
        inputs.number?.focus();
      },
      blur() {},
      clear() {
        for (const input of Object.values(inputs)) input.value = "";
      },
      read,
      check,
    };
    return element;
  }

  async function post(path: string, body: Record<string, string>) {
    const response = await fetch(`${apiOrigin}${path}`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${state.publishableKey}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(body).toString(),
    });
    const json = await response.json().catch(() => ({}));
    return { ok: response.ok, json };
  }

  const connectionError = () => ({
    error: { type: "api_connection_error", message: "An error occurred with our connection to Stripe." },
  });

  function showChallenge(): Promise<"succeed" | "fail"> {
    return new Promise((resolve) => {
      const overlay = document.createElement("div");
      overlay.dataset.fakeStripe = "three-d-secure";
      Object.assign(overlay.style, {
        position: "fixed",
        inset: "0",
        background: "rgba(0,0,0,0.5)",
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        zIndex: "2147483647",
      });
      const dialog = document.createElement("div");
      dialog.setAttribute("role", "dialog");
      dialog.setAttribute("aria-modal", "true");
      dialog.setAttribute("aria-labelledby", "fake-stripe-3ds-title");
      Object.assign(dialog.style, {
        background: "#fff",
        color: "#111",
        padding: "24px",
        borderRadius: "8px",
      });
      const title = document.createElement("h2");
      title.id = "fake-stripe-3ds-title";
      title.textContent = "3D Secure 2 Test Page";
      dialog.append(title);
      for (const [label, outcome] of [
        ["Complete", "succeed"],
        ["Fail", "fail"],
      ] as const) {
        const button = document.createElement("button");
        button.type = "button";
        button.textContent = label;
        button.style.marginRight = "8px";
        button.addEventListener("click", () => {
          overlay.remove();
          resolve(outcome);
        });
        dialog.append(button);
      }
      overlay.append(dialog);
      document.body.append(overlay);
    });
  }

  function Stripe(publishableKey: string) {
    if (typeof publishableKey !== "string" || !/^pk_(test|live)_/.test(publishableKey)) {
      throw new Error("fake Stripe.js: a publishable key (pk_test_… or pk_live_…) is required");
    }
    state.publishableKey = publishableKey;
    return {
      _registerWrapper() {},
      elements(options: any) {
        state.elementsOptions = { ...options };
        const created: any[] = [];
        const elements = {
          create(type: string) {
            if (type !== "payment") throw new Error(`fake Stripe.js: only the payment element, not ${type}`);
            const element = createPaymentElement();
            created.push(element);
            return element;
          },
          getElement(type: string) {
            return type === "payment" ? (created[0] ?? null) : null;
          },
          update(options: any) {
            state.updates.push({ ...options });
            state.elementsOptions = { ...state.elementsOptions, ...options };
          },
          async submit() {
            const element = created[0];
            if (!element) return validationError("no_element", "No payment element is mounted.");
            return element.check(element.read()) ?? {};
          },
          _element: () => created[0],
        };
        return elements;
      },
      async createConfirmationToken({ elements, params }: any) {
        const element = elements?._element?.();
        if (!element) return validationError("no_element", "No payment element is mounted.");
        const values = element.read();
        const invalid = element.check(values);
        if (invalid) return invalid;
        const [month, year] = [values.expiry.slice(0, 2), `20${values.expiry.slice(-2)}`];
        const billing = params?.payment_method_data?.billing_details ?? {};
        try {
          const { ok, json } = await post("/v1/test_helpers/confirmation_tokens", {
            "card[number]": values.number,
            "card[exp_month]": month,
            "card[exp_year]": year,
            "card[cvc]": values.cvc,
            ...(billing.email ? { "billing_details[email]": billing.email } : {}),
            ...(billing.name ? { "billing_details[name]": billing.name } : {}),
          });
          if (!ok || typeof json.id !== "string") {
            return {
              error: {
                type: json.error?.type ?? "api_error",
                message: json.error?.message ?? "Stripe refused the card.",
              },
            };
          }
          state.tokens.push(json.id);
          return { confirmationToken: { id: json.id, object: "confirmation_token" } };
        } catch {
          return connectionError();
        }
      },
      async handleNextAction({ clientSecret }: { clientSecret: string }) {
        const intentId = String(clientSecret ?? "").split("_secret_")[0] ?? "";
        if (!/^(pi|seti)_[A-Za-z0-9]+$/.test(intentId)) {
          return {
            error: {
              type: "invalid_request_error",
              message: "Invalid value for handleNextAction: clientSecret.",
            },
          };
        }
        const outcome = await showChallenge();
        const kind = intentId.startsWith("seti_") ? "setupIntent" : "paymentIntent";
        try {
          const { ok, json } = await post(`/v1/test_helpers/next_action/${intentId}`, { outcome });
          if (outcome === "fail" || !ok) {
            return {
              error: {
                type: "invalid_request_error",
                code: `${kind === "setupIntent" ? "setup" : "payment"}_intent_authentication_failure`,
                message:
                  outcome === "fail" ? authenticationFailed : (json.error?.message ?? authenticationFailed),
              },
            };
          }
          return { [kind]: { id: intentId, status: json.status ?? "succeeded" } };
        } catch {
          return connectionError();
        }
      },
    };
  }
  // The release train @stripe/stripe-js 10.2.1 expects (it warns on another).
  (Stripe as any).version = "endive";
  w.Stripe = Stripe;
}
/* eslint-enable @typescript-eslint/no-explicit-any */

const FAKE_STRIPE_JS = `(${fakeStripeJs.toString()})(${JSON.stringify(STRIPE_API_ORIGIN)}, ${JSON.stringify(
  AUTHENTICATION_FAILED_MESSAGE,
)});`;
