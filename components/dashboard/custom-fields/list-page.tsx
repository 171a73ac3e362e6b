"use client";
// /dashboard/<org>/custom-fields: the questions products can ask buyers, filtered by type and
// searched by name or slug, sorted and paged through the URL.
import Link from "next/link";
import { formatDate } from "../format";
import { customFields } from "../hooks/custom-fields";
import { PAGE_SIZE, useListView } from "../list-view";
import { oneOf } from "../license-keys/logic";
import { SearchBox } from "../orders/search-box";
import { useOrganization, useOrgPath } from "../organization";
import { buttonClasses } from "../ui/button";
import { inputClass } from "../ui/field";
import { ListBody } from "../ui/list-body";
import { Badge, PageHeader } from "../ui/misc";
import { bodyRowClass, cellClass, headerRowClass, linkClass, SortableTh, Table, Th } from "../ui/table";
import { CUSTOM_FIELD_SORT_FIELDS, CUSTOM_FIELD_TYPES, TYPE_LABELS } from "./logic";

export function CustomFieldsPage() {
  const organization = useOrganization();
  const orgPath = useOrgPath();
  const view = useListView(CUSTOM_FIELD_SORT_FIELDS, ["-created_at"]);
  const type = oneOf(view.url.get("type"), CUSTOM_FIELD_TYPES);
  const list = customFields.useList({
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
        title="Custom fields"
        actions={
          <Link href={orgPath("/custom-fields/new")} className={buttonClasses("primary")}>
            New custom field
          </Link>
        }
      >
        Questions a product asks its buyers at checkout; the answers are saved on the order.
      </PageHeader>
      <div role="search" aria-label="Search custom fields" className="mb-4 flex flex-wrap items-end gap-3">
        <div className="max-w-md flex-1">
          <SearchBox
            label="Search"
            placeholder="Name or slug"
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
            {CUSTOM_FIELD_TYPES.map((item) => (
              <option key={item} value={item}>
                {TYPE_LABELS[item]}
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
        empty={{ title: "No custom fields yet", text: "Create one to ask buyers a question at checkout." }}
      >
        {(rows) => (
          <Table label="Custom fields">
            <thead>
              <tr className={headerRowClass}>
                <SortableTh field="name" label="Name" {...view.sortProps} />
                <SortableTh field="slug" label="Slug" {...view.sortProps} />
                <SortableTh field="type" label="Type" {...view.sortProps} />
                <Th>Label at checkout</Th>
                <SortableTh field="created_at" label="Created" defaultDirection="desc" {...view.sortProps} />
              </tr>
            </thead>
            <tbody>
              {rows.map((field) => (
                <tr key={field.id} className={bodyRowClass}>
                  <td className={`${cellClass} max-w-64 truncate`}>
                    <Link href={orgPath(`/custom-fields/${field.id}`)} className={linkClass}>
                      {field.name}
                    </Link>
                  </td>
                  <td className={`${cellClass} font-mono`}>{field.slug}</td>
                  <td className={cellClass}>
                    <Badge>{TYPE_LABELS[field.type]}</Badge>
                  </td>
                  <td className={`${cellClass} max-w-64 truncate`}>
                    {typeof field.properties.form_label === "string" ? field.properties.form_label : "—"}
                  </td>
                  <td className={`${cellClass} whitespace-nowrap`}>{formatDate(field.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </ListBody>
    </>
  );
}
