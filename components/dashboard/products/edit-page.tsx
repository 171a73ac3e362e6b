"use client";
// /dashboard/<org>/products/new and /dashboard/<org>/products/<id>: the form; on an existing
// product also its checkout link, Archive/Unarchive (asks first) and its latest orders.
import { useState } from "react";
import { formatDateTime } from "../format";
import { products, type ProductResource } from "../hooks/products";
import { EditRecordPage, NewRecordPage } from "../forms/edit-page";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../kit/confirm-dialog";
import { Badge } from "../ui/misc";
import { useToast } from "../ui/toast";
import { CheckoutLinkAction } from "./checkout-link";
import { ProductForm } from "./form";
import { ProductOrders } from "./product-orders";

const BACK = { path: "/products", label: "Products" };

export function NewProductPage() {
  return (
    <NewRecordPage back={BACK} title="New product">
      <ProductForm />
    </NewRecordPage>
  );
}

export function EditProductPage({ id }: { id: string }) {
  return (
    <EditRecordPage
      back={BACK}
      query={products.useOne(id)}
      what="Product"
      title={(product) => (
        <>
          {product.name} {product.is_archived ? <Badge tone="amber">Archived</Badge> : null}
        </>
      )}
      summary={(product) =>
        `${product.is_recurring ? "Subscription" : "One-time purchase"} · created ${formatDateTime(product.created_at)}`
      }
      actions={(product) => (
        <>
          <ArchiveToggle product={product} />
          <CheckoutLinkAction productId={product.id} />
        </>
      )}
    >
      {(product) => (
        <>
          <ProductForm key={product.id} product={product} />
          <ProductOrders productId={product.id} />
        </>
      )}
    </EditRecordPage>
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
      <Button onClick={() => (archiving ? setOpen(true) : toggle())}>
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
