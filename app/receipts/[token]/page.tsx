// GET /receipts/{token} — an order's printable receipt, for the buyer (email, confirmation page,
// portal links). The token is signed (lib/receipts/links.ts); a forged or unknown one is a 404.
// Never indexed, never cached: it is personal and its refunds can change.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { cache } from "react";
import { ReceiptDocument } from "@/components/receipts/receipt-document";
import { findReceiptByToken } from "@/lib/receipts/public";
import { translator } from "@/lib/i18n/translate";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ token: string }> };

const receiptFor = cache((token: string) => findReceiptByToken(token));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const receipt = await receiptFor((await params).token);
  return {
    title: receipt
      ? `${translator(receipt.locale).t("receipt.titleNumbered", { number: receipt.invoiceNumber })} · ${receipt.seller.name}`
      : "Receipt not found",
    robots: { index: false, follow: false },
    referrer: "no-referrer",
  };
}

export default async function ReceiptPage({ params }: Props) {
  await connection();
  const { token } = await params;
  const receipt = await receiptFor(token);
  if (!receipt) notFound();
  return <ReceiptDocument receipt={receipt} pdfHref={`/receipts/${encodeURIComponent(token)}/pdf`} />;
}
