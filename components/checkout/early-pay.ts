"use client";
// The page's side of ./early-pay-script.ts: at hydration the inputs are read at once (React's next
// render of a controlled input puts its state back, and the state does not have what was typed),
// turned into the form's state by ./typed-values.ts; then a Pay pressed before is taken over.

type EarlyPayState = { ready: boolean; queued: boolean };

/** From now on the page handles Pay itself; true when Pay was pressed before (once). */
export function takeEarlyPay(form: HTMLFormElement | null): boolean {
  const state = (window as { __checkoutEarlyPay?: EarlyPayState }).__checkoutEarlyPay;
  form?.removeAttribute("data-pay-queued");
  if (!state) return false;
  state.ready = true;
  const queued = state.queued;
  state.queued = false;
  return queued;
}

/** What each of the form's controls holds, by element id: read at hydration, before any render. */
export type InputSnapshot = Record<string, string | boolean>;

export function snapshotInputs(form: HTMLFormElement | null): InputSnapshot {
  const snapshot: InputSnapshot = {};
  for (const element of form?.elements ?? []) {
    const control = element as HTMLInputElement;
    if (control.id) snapshot[control.id] = control.type === "checkbox" ? control.checked : control.value;
  }
  return snapshot;
}
