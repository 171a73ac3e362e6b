// The hosted page's copy of the session and of the buyer's benefits, one per page load. A few
// dozen lines instead of a query library: the page reads one session, replaces it with each answer
// of the server, polls it while it is processed, and reads the benefits once (again after the buyer
// deactivates a device). Keeping
// @tanstack/react-query out of the page is about 11 kB (gzip) less JavaScript before it can be paid.
import { ApiRequestError } from "@/components/api-client";
import { getCheckout, getCheckoutBenefits, type CheckoutBenefits, type CheckoutView } from "./api";

export type BenefitsState =
  { status: "pending" } | { status: "error"; error: unknown } | { status: "success"; data: CheckoutBenefits };

type Listener = () => void;

/** The reads the store makes (api.ts's; a test passes its own). */
export type StoreApi = {
  getCheckout: (clientSecret: string) => Promise<CheckoutView>;
  getCheckoutBenefits: (clientSecret: string) => Promise<CheckoutBenefits>;
};

/** 4xx answers are final; a network failure or 5xx is worth asking again. */
export function isRetryable(error: unknown): boolean {
  const status = error instanceof ApiRequestError ? error.status : 0;
  return !(status >= 400 && status < 500);
}

/** Attempts after the first, and the wait before each (1 s, 2 s, 4 s). */
const RETRIES = 3;
const retryDelayMs = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);

async function withRetries<T>(
  task: () => Promise<T>,
  wait: (ms: number) => Promise<void>,
  retries = RETRIES,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await task();
    } catch (error) {
      if (attempt >= retries || !isRetryable(error)) throw error;
      await wait(retryDelayMs(attempt));
    }
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class CheckoutStore {
  private checkout: CheckoutView;
  private benefits: BenefitsState = { status: "pending" };
  private benefitsRequest: Promise<void> | null = null;
  private readonly listeners = new Set<Listener>();

  constructor(
    initial: CheckoutView,
    private readonly api: StoreApi = { getCheckout, getCheckoutBenefits },
    private readonly wait: (ms: number) => Promise<void> = sleep,
  ) {
    this.checkout = initial;
  }

  get clientSecret(): string {
    return this.checkout.client_secret;
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private notify() {
    for (const listener of this.listeners) listener();
  }

  getCheckout = (): CheckoutView => this.checkout;

  /** The server's latest answer replaces what the page shows. */
  setCheckout(checkout: CheckoutView) {
    this.checkout = checkout;
    this.notify();
  }

  /** Reads the session again (network and 5xx failures retried, 3 times unless told); resolves with it. */
  async refresh(options: { retries?: number } = {}): Promise<CheckoutView> {
    const read = () => this.api.getCheckout(this.clientSecret);
    const checkout = await withRetries(read, this.wait, options.retries);
    this.setCheckout(checkout);
    return checkout;
  }

  getBenefits = (): BenefitsState => this.benefits;

  /** Reads the benefits once (the route answers only after success); `retry` after an error. */
  loadBenefits(options: { retry?: boolean } = {}): Promise<void> {
    if (this.benefitsRequest && !(options.retry && this.benefits.status === "error")) {
      return this.benefitsRequest;
    }
    if (this.benefits.status === "error") {
      this.benefits = { status: "pending" };
      this.notify();
    }
    this.benefitsRequest = withRetries(() => this.api.getCheckoutBenefits(this.clientSecret), this.wait).then(
      (data) => {
        this.benefits = { status: "success", data };
        this.notify();
      },
      (error: unknown) => {
        this.benefits = { status: "error", error };
        this.notify();
      },
    );
    return this.benefitsRequest;
  }

  /**
   * Reads the benefits again after the buyer changed them (a device deactivated): the list on
   * screen stays until the new one replaces it; a failure is the caller's to report.
   */
  async reloadBenefits(): Promise<void> {
    const data = await withRetries(() => this.api.getCheckoutBenefits(this.clientSecret), this.wait);
    this.benefits = { status: "success", data };
    this.notify();
  }
}
