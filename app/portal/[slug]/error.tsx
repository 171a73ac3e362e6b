"use client";
// The page could not be rendered (the server or the database failed): say so, offer a retry.
import { StatusMessage } from "@/components/checkout/status-message";

export default function PortalError({ reset }: { error: Error; reset: () => void }) {
  return (
    <StatusMessage title="Something went wrong" tone="error">
      <p>We couldn&apos;t load the customer portal right now.</p>
      <p>
        <button
          type="button"
          onClick={reset}
          className="font-medium text-blue-700 underline underline-offset-2 dark:text-blue-400"
        >
          Try again
        </button>
      </p>
    </StatusMessage>
  );
}
