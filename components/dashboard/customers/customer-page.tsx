"use client";
// /dashboard/<org>/customers/<id>: the customer's details (edit in place, delete after asking, open
// the customer portal as them), their orders and their license keys. /dashboard/<org>/customers/new creates one.
import { useState, type ReactNode } from "react";
import { formatDateTime } from "../format";
import { customers, type CustomerResource } from "../hooks/customers";
import { useOrgPath } from "../organization";
import { Button } from "../ui/button";
import { DeleteButton } from "../kit/delete-button";
import { BackLink, DetailFrame } from "../kit/detail-frame";
import { Card, codeItem, DetailList, PageHeader } from "../ui/misc";
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
  const remove = customers.useDelete();
  const [editing, setEditing] = useState(false);
  return (
    <div className="space-y-6">
      <div>
        <DetailFrame
          back={{ href: orgPath("/customers"), label: "Customers" }}
          query={customer}
          what="Customer"
          header={(data) => ({
            title: data.name ?? data.email,
            subtitle: `${data.email} · customer since ${formatDateTime(data.created_at)}`,
            actions: editing ? null : (
              <>
                <OpenCustomerPortal customerId={data.id} />
                <Button onClick={() => setEditing(true)}>Edit</Button>
                <DeleteButton id={data.id} remove={remove} name={data.email} what="customer">
                  This cannot be undone.
                </DeleteButton>
              </>
            ),
          })}
        >
          {(data) =>
            editing ? (
              <CustomerForm customer={data} onDone={() => setEditing(false)} />
            ) : (
              <CustomerDetails customer={data} />
            )
          }
        </DetailFrame>
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
          codeItem("ID", customer.id),
        ]}
      />
    </Card>
  );
}
