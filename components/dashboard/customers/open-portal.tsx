"use client";
// "Open customer portal": mints a one-hour customer session and opens the portal signed in as the
// customer, in a new tab (opened on the click itself, so no popup blocker stops it, then sent to
// the portal once the session exists).
import { useCreateCustomerSession } from "../hooks/customer-sessions";
import { Button } from "../ui/button";
import { useToast } from "../ui/toast";

export function OpenCustomerPortal({ customerId }: { customerId: string }) {
  const create = useCreateCustomerSession();
  const notify = useToast();
  const open = () => {
    const tab = window.open("", "_blank");
    if (tab) tab.opener = null;
    create.mutate(customerId, {
      onSuccess: (session) => {
        if (tab) tab.location.href = session.customer_portal_url;
        else window.location.assign(session.customer_portal_url);
      },
      onError: (error) => {
        tab?.close();
        notify(`Could not open the customer portal: ${error.message}`, "error");
      },
    });
  };
  return (
    <Button variant="secondary" onClick={open} disabled={create.isPending}>
      {create.isPending ? "Opening…" : "Open customer portal"}
    </Button>
  );
}
