"use client";
// /dashboard/<org>/benefits: what products grant their buyers, filtered by type and searched by
// description, sorted and paged through the URL; each links to its edit page.
import Link from "next/link";
import { formatDate } from "../format";
import { benefits } from "../hooks/benefits";
import { oneOf } from "../license-keys/logic";
import { PAGE_SIZE, useListView } from "../list-view";
import { SearchBox } from "../orders/search-box";
import { useOrganization, useOrgPath } from "../organization";
import { buttonClasses } from "../ui/button";
import { inputClass } from "../ui/field";
import { ListBody } from "../ui/list-body";
import { Badge, PageHeader } from "../ui/misc";
import { bodyRowClass, cellClass, headerRowClass, linkClass, SortableTh, Table, Th } from "../ui/table";
import { BENEFIT_SORT_FIELDS, BENEFIT_TYPE_LABELS, BENEFIT_TYPES, benefitSummary } from "./logic";

export function BenefitsPage() {
  const organization = useOrganization();
  const orgPath = useOrgPath();
  const view = useListView(BENEFIT_SORT_FIELDS, ["-created_at"]);
  const type = oneOf(view.url.get("type"), BENEFIT_TYPES);
  const list = benefits.useList({
    organization_id: organization.id,
    query: view.query,
    type,
    sorting: view.sorting,
    page: view.page,
    limit: PAGE_SIZE,
  });

  return (
    <>
      <PageHeader
        title="Benefits"
        actions={
          <Link href={orgPath("/benefits/new")} className={buttonClasses("primary")}>
            New benefit
          </Link>
        }
      >
        What buyers get with a product: license keys or a custom note.
      </PageHeader>
      <div role="search" aria-label="Search benefits" className="mb-4 flex flex-wrap items-end gap-3">
        <div className="max-w-md flex-1">
          <SearchBox
            label="Search"
            placeholder="Description"
            value={view.query ?? null}
            onChange={(query) => view.url.update({ query })}
          />
        </div>
        <label className="text-xs font-medium text-zinc-600 dark:text-zinc-300">
          Type
          <select
            className={`${inputClass} mt-1 w-40`}
            value={type ?? ""}
            onChange={(event) => view.url.update({ type: event.target.value || null })}
          >
            <option value="">All types</option>
            {BENEFIT_TYPES.map((item) => (
              <option key={item} value={item}>
                {BENEFIT_TYPE_LABELS[item]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ListBody
        list={list}
        page={view.page}
        limit={view.limit}
        onPageChange={(page) => view.url.update({ page })}
        columns={4}
        filtered={Boolean(view.query || type)}
        onClearFilters={() => view.url.update({ query: null, type: null })}
        empty={{ title: "No benefits yet", text: "Create one to give buyers license keys or a note." }}
      >
        {(rows) => (
          <Table label="Benefits">
            <thead>
              <tr className={headerRowClass}>
                <SortableTh field="description" label="Description" {...view.sortProps} />
                <SortableTh field="type" label="Type" {...view.sortProps} />
                <Th>Terms</Th>
                <SortableTh field="created_at" label="Created" defaultDirection="desc" {...view.sortProps} />
              </tr>
            </thead>
            <tbody>
              {rows.map((benefit) => (
                <tr key={benefit.id} className={bodyRowClass}>
                  <td className={`${cellClass} max-w-64 truncate`}>
                    <Link href={orgPath(`/benefits/${benefit.id}`)} className={linkClass}>
                      {benefit.description}
                    </Link>
                  </td>
                  <td className={cellClass}>
                    <Badge tone={benefit.type === "license_keys" ? "blue" : "zinc"}>
                      {BENEFIT_TYPE_LABELS[benefit.type]}
                    </Badge>
                  </td>
                  <td className={`${cellClass} text-zinc-600 dark:text-zinc-300`}>
                    {benefitSummary(benefit)}
                  </td>
                  <td className={`${cellClass} whitespace-nowrap`}>{formatDate(benefit.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </ListBody>
    </>
  );
}
