"use client";
// /dashboard/<org>/customers/<id>: the customer's details (edit in place, delete after asking, open
// the customer portal as them), their orders and their license keys. /dashboard/<org>/customers/new creates one.
import { useState, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { formatDateTime } from "../format";
import { customers, type CustomerResource } from "../hooks/customers";
import { useOrgPath } from "../organization";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { BackLink, DetailSkeleton, NotFoundOrError } from "../ui/detail-parts";
import { Card, DetailList, PageHeader } from "../ui/misc";
import { useToast } from "../ui/toast";
import { CustomerLicenseKeys, CustomerOrders } from "./activity";
import { CustomerSubscriptions } from "./subscriptions";
import { CustomerForm } from "./form";
import { OpenCustomerPortal } from "./open-portal";

export function NewCustomerPage() {
  const orgPath = useOrgPath();
  return (
    <>
      <BackLink href={orgPath("/customers")}>Customers</BackLink>
      <PageHeader title="New customer" />
      <CustomerForm />
    </>
  );
}

export function CustomerPage({ id }: { id: string }) {
  const orgPath = useOrgPath();
  const customer = customers.useOne(id);
  const [editing, setEditing] = useState(false);
  return (
    <div className="space-y-6">
      <div>
        <BackLink href={orgPath("/customers")}>Customers</BackLink>
        {customer.isPending ? (
          <DetailSkeleton />
        ) : customer.isError ? (
          <NotFoundOrError error={customer.error} what="Customer" retry={() => void customer.refetch()} />
        ) : (
          <>
            <PageHeader
              title={customer.data.name ?? customer.data.email}
              actions={
                editing ? null : (
                  <>
                    <OpenCustomerPortal customerId={customer.data.id} />
                    <Button onClick={() => setEditing(true)}>Edit</Button>
                    <DeleteCustomer customer={customer.data} />
                  </>
                )
              }
            >
              {customer.data.email} · customer since {formatDateTime(customer.data.created_at)}
            </PageHeader>
            {editing ? (
              <CustomerForm customer={customer.data} onDone={() => setEditing(false)} />
            ) : (
              <CustomerDetails customer={customer.data} />
            )}
          </>
        )}
      </div>
      <CustomerOrders customerId={id} />
      <CustomerSubscriptions customerId={id} />
      <CustomerLicenseKeys customerId={id} />
    </div>
  );
}

function CustomerDetails({ customer }: { customer: CustomerResource }) {
  const address = customer.billing_address;
  const metadata = Object.entries(customer.metadata);
  return (
    <Card title="Details">
      <DetailList
        items={[
          ["Email", customer.email],
          ["Name", customer.name],
          ["External ID", customer.external_id ?? null],
          ["Tax ID", customer.tax_id ? `${customer.tax_id[0]} (${customer.tax_id[1]})` : null],
          [
            "Billing address",
            address
              ? [
                  address.line1,
                  address.line2,
                  [address.postal_code, address.city].filter(Boolean).join(" "),
                  address.state,
                  address.country,
                ]
                  .filter(Boolean)
                  .join(", ")
              : null,
          ],
          ...metadata.map(([key, value]): [string, ReactNode] => [`Metadata · ${key}`, String(value)]),
          [
            "ID",
            <code key="id" className="font-mono text-xs">
              {customer.id}
            </code>,
          ],
        ]}
      />
    </Card>
  );
}

function DeleteCustomer({ customer }: { customer: CustomerResource }) {
  const [open, setOpen] = useState(false);
  const remove = customers.useDelete();
  const router = useRouter();
  const orgPath = useOrgPath();
  const notify = useToast();
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Delete
      </Button>
      <ConfirmDialog
        open={open}
        title={`Delete ${customer.email}?`}
        confirmLabel="Delete customer"
        variant="danger"
        busy={remove.isPending}
        error={remove.error?.message}
        onCancel={() => {
          setOpen(false);
          remove.reset();
        }}
        onConfirm={() =>
          remove.mutate(customer.id, {
            onSuccess: () => {
              notify("Customer deleted");
              router.push(orgPath("/customers"));
            },
          })
        }
      >
        This cannot be undone.
      </ConfirmDialog>
    </>
  );
}
