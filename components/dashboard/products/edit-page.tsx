"use client";
// /dashboard/<org>/products/new and /dashboard/<org>/products/<id>: the form; on an existing
// product also its checkout link, Archive/Unarchive (asks first), Delete while nothing refers to
// it (`is_deletable`: never sold, offered or discounted; asks first) and its latest orders.
import { useState } from "react";
import { products, type ProductResource } from "../hooks/catalog";
import { recordPages } from "../forms/edit-page";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../kit/confirm-dialog";
import { DeleteButton } from "../kit/delete-button";
import { Badge } from "../ui/misc";
import { useToast } from "../ui/toast";
import { CheckoutLinkAction } from "./checkout-link";
import { ProductForm } from "./form";
import { ProductOrders } from "./product-orders";

export const { NewPage: NewProductPage, EditPage: EditProductPage } = recordPages({
  hooks: products,
  title: (product) => (
    <>
      {product.name} {product.is_archived ? <Badge tone="amber">Archived</Badge> : null}
    </>
  ),
  summary: (product) => (product.is_recurring ? "Subscription" : "One-time purchase"),
  actions: (product) => (
    <>
      <ArchiveToggle product={product} />
      {product.is_deletable ? <DeleteProduct product={product} /> : null}
      <CheckoutLinkAction productId={product.id} />
    </>
  ),
  form: (product) => <ProductForm key={product?.id} product={product} />,
  around: (product, form) => (
    <>
      {form}
      <ProductOrders productId={product.id} />
    </>
  ),
});

/** Only for a product nothing refers to; one sold or offered since answers 409, shown in the dialog. */
function DeleteProduct({ product }: { product: ProductResource }) {
  const remove = products.useDelete();
  return (
    <DeleteButton id={product.id} remove={remove} name={product.name} what="product">
      It was never sold or offered, so it can be deleted, with its prices. This cannot be undone.
    </DeleteButton>
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
