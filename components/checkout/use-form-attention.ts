"use client";
// Where the open checkout draws the buyer's attention after Pay (./use-checkout-form.ts): the focus,
// moved to where they have to act once the controls locked during the attempt are enabled again,
// and a sentence for screen readers.
import { useEffect, useRef, useState, type RefObject } from "react";

export function useFormAttention(rootRef: RefObject<HTMLElement | null>, submitting: boolean) {
  const [announcement, setAnnouncement] = useState("");
  const [focusTick, setFocusTick] = useState(0);
  /** An element id to focus once the form is enabled again; null: the first field in error. */
  const focusTarget = useRef<string | null | undefined>(undefined);

  useEffect(() => {
    if (submitting || focusTarget.current === undefined) return;
    const id = focusTarget.current;
    focusTarget.current = undefined;
    // The first field in error, in document order.
    const target =
      (id && document.getElementById(id)) ||
      rootRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    target?.focus();
  }, [focusTick, submitting, rootRef]);

  return {
    announcement,
    /** Focus the element with this id (null: the first field in error) once the form is enabled. */
    requestFocus(id: string | null) {
      focusTarget.current = id;
      setFocusTick((n) => n + 1);
    },
    /** Said by the page's live region (emptied first, so the same sentence is said again). */
    announce(message: string) {
      setAnnouncement("");
      setTimeout(() => setAnnouncement(message), 50);
    },
  };
}
