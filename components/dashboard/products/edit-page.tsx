"use client";
// /dashboard/<org>/products/new and /dashboard/<org>/products/<id>: the form; on an existing
// product also its checkout link, Archive/Unarchive (asks first) and its latest orders.
import { useState } from "react";
import { formatDateTime } from "../format";
import { products, type ProductResource } from "../hooks/products";
import { useOrgPath } from "../organization";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { BackLink, DetailSkeleton, NotFoundOrError } from "../ui/detail-parts";
import { Badge, PageHeader } from "../ui/misc";
import { useToast } from "../ui/toast";
import { CheckoutLinkAction } from "./checkout-link";
import { ProductForm } from "./form";
import { ProductOrders } from "./product-orders";

export function NewProductPage() {
  const orgPath = useOrgPath();
  return (
    <>
      <BackLink href={orgPath("/products")}>Products</BackLink>
      <PageHeader title="New product" />
      <ProductForm />
    </>
  );
}

export function EditProductPage({ id }: { id: string }) {
  const orgPath = useOrgPath();
  const product = products.useOne(id);
  return (
    <>
      <BackLink href={orgPath("/products")}>Products</BackLink>
      {product.isPending ? (
        <DetailSkeleton />
      ) : product.isError ? (
        <NotFoundOrError error={product.error} what="Product" retry={() => void product.refetch()} />
      ) : (
        <>
          <PageHeader
            title={
              <>
                {product.data.name} {product.data.is_archived ? <Badge tone="amber">Archived</Badge> : null}
              </>
            }
            actions={
              <>
                <ArchiveToggle product={product.data} />
                <CheckoutLinkAction productId={product.data.id} />
              </>
            }
          >
            {product.data.is_recurring ? "Subscription" : "One-time purchase"} · created{" "}
            {formatDateTime(product.data.created_at)}
          </PageHeader>
          <div className="space-y-6">
            <ProductForm key={product.data.id} product={product.data} />
            <ProductOrders productId={product.data.id} />
          </div>
        </>
      )}
    </>
  );
}

function ArchiveToggle({ product }: { product: ProductResource }) {
  const [open, setOpen] = useState(false);
  const update = products.useUpdate(product.id);
  const notify = useToast();
  const archiving = !product.is_archived;
  const toggle = () =>
    update.mutate(
      { is_archived: archiving },
      {
        onSuccess: () => {
          setOpen(false);
          notify(archiving ? "Product archived" : "Product unarchived");
        },
      },
    );
  return (
    <>
      <Button
        variant={archiving ? "danger" : "secondary"}
        onClick={() => (archiving ? setOpen(true) : toggle())}
      >
        {archiving ? "Archive" : "Unarchive"}
      </Button>
      {!archiving && update.error ? (
        <p role="alert" className="text-xs text-red-600">
          {update.error.message}
        </p>
      ) : null}
      <ConfirmDialog
        open={open}
        title={`Archive ${product.name}?`}
        confirmLabel="Archive product"
        variant="danger"
        busy={update.isPending}
        error={update.error?.message}
        onCancel={() => {
          setOpen(false);
          update.reset();
        }}
        onConfirm={toggle}
      >
        It can no longer be bought: new checkouts and links leave it out. Existing orders, subscriptions and
        license keys keep working. You can unarchive it later.
      </ConfirmDialog>
    </>
  );
}
