"use client";
// Keeps the server's copy of the session in step with the form, so the summary's amounts follow the
// buyer's answers: a changed part is sent 400 ms after its last keystroke (a select's choice after
// 100 ms), each part on its own clock so typing elsewhere never holds back a new total; one request
// at a time (answers land in order: an older one never overwrites a newer total). The request is
// built from the latest values when it leaves, and the inputs never read the answer back: no
// keystroke is lost or reverted. Parts the buyer is still typing (an incomplete email) are held back.
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiRequestError, type Problem } from "@/components/api-client";
import { loadSchemas, type UpdateCheckoutBody } from "./api";
import type { SyncGroup } from "./form-state";
import { useUpdateCheckout } from "./hooks";

export const SYNC_DEBOUNCE_MS = 400;
/** A select changes once per choice (or per type-ahead burst): no need to wait as long. */
export const SYNC_CHOICE_MS = 100;

type Options = {
  /** The PATCH body for these parts, from the latest values, and the parts to hold back. */
  buildBody: (groups: ReadonlySet<SyncGroup>) => Promise<UpdateCheckoutBody>;
  /** The server refused some answers (422). */
  onProblems: (problems: Problem[]) => void;
  /** The session is no longer open (403 NotOpenCheckout): it expired or was paid elsewhere. */
  onClosed: () => void;
};

export function useCheckoutSync(options: Options) {
  const mutateAsync = useUpdateCheckout();
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const dirty = useRef(new Set<SyncGroup>());
  const pricingChanged = useRef(false);
  const timers = useRef(new Map<SyncGroup, ReturnType<typeof setTimeout>>());
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const [pricingDirty, setPricingDirty] = useState(false);
  const [pricingInFlight, setPricingInFlight] = useState(0);

  const enqueue = useCallback(<T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.current.then(task, task);
    queue.current = run.catch(() => undefined);
    return run;
  }, []);

  const handleError = useCallback((error: unknown) => {
    if (!(error instanceof ApiRequestError)) return;
    if (error.code === "NotOpenCheckout") latest.current.onClosed();
    else if (error.problems.length) latest.current.onProblems(error.problems);
  }, []);

  /** Sends what is dirty now (after anything already on its way); resolves once it has landed. */
  const flush = useCallback((): Promise<unknown> => {
    for (const t of timers.current.values()) clearTimeout(t);
    timers.current.clear();
    const groups = new Set(dirty.current);
    dirty.current.clear();
    const pricing = pricingChanged.current;
    pricingChanged.current = false;
    setPricingDirty(false);
    if (!groups.size) return queue.current;
    if (pricing) setPricingInFlight((n) => n + 1);
    return enqueue(async () => {
      try {
        const body = await latest.current.buildBody(groups);
        if (Object.keys(body).length) await mutateAsync(body);
      } catch (error) {
        handleError(error);
        // Nothing landed: send these parts again with the next change.
        if (!(error instanceof ApiRequestError) || error.status === 0) {
          for (const g of groups) dirty.current.add(g);
          if (pricing) {
            pricingChanged.current = true;
            setPricingDirty(true);
          }
        }
      } finally {
        if (pricing) setPricingInFlight((n) => n - 1);
      }
    });
  }, [enqueue, handleError, mutateAsync]);

  /** A part of the form changed; `pricing` when the change can move the total (country, amount). */
  const markDirty = useCallback(
    (group: SyncGroup, options: { pricing?: boolean; delayMs?: number } = {}) => {
      dirty.current.add(group);
      if (options.pricing) {
        pricingChanged.current = true;
        setPricingDirty(true);
      }
      clearTimeout(timers.current.get(group));
      timers.current.set(
        group,
        setTimeout(() => void flush(), options.delayMs ?? SYNC_DEBOUNCE_MS),
      );
    },
    [flush],
  );

  /** Applies (or with null removes) a discount code now, after the changes still waiting. */
  const setDiscountCode = useCallback(
    async (code: string | null) => {
      void flush();
      setPricingInFlight((n) => n + 1);
      try {
        return await enqueue(async () => {
          await loadSchemas();
          return mutateAsync({ discount_code: code });
        });
      } catch (error) {
        if (error instanceof ApiRequestError && error.code === "NotOpenCheckout") {
          latest.current.onClosed();
        }
        throw error;
      } finally {
        setPricingInFlight((n) => n - 1);
      }
    },
    [enqueue, flush, mutateAsync],
  );

  /** Picks another of the session's products now, after the changes still waiting. */
  const setProduct = useCallback(
    async (productId: string) => {
      void flush();
      setPricingInFlight((n) => n + 1);
      try {
        await enqueue(() => mutateAsync({ product_id: productId }));
      } catch (error) {
        handleError(error);
      } finally {
        setPricingInFlight((n) => n - 1);
      }
    },
    [enqueue, flush, handleError, mutateAsync],
  );

  /** Presents another of the product's currencies now (docs/currencies.md); a refusal is thrown. */
  const setCurrency = useCallback(
    async (currency: string) => {
      void flush();
      setPricingInFlight((n) => n + 1);
      try {
        return await enqueue(() => mutateAsync({ currency }));
      } finally {
        setPricingInFlight((n) => n - 1);
      }
    },
    [enqueue, flush, mutateAsync],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((t) => clearTimeout(t));
  }, []);

  return {
    markDirty,
    /** Before paying: send what is waiting and wait for every request, so the total shown is final. */
    settle: flush,
    setDiscountCode,
    setProduct,
    setCurrency,
    /** A change that can move the total has not been answered yet. */
    isPricingPending: pricingDirty || pricingInFlight > 0,
  };
}
