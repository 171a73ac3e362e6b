"use client";
// A downloadables benefit's files: upload one (in parts, ./upload-in-parts.ts), archive one (buyers
// who have it keep it; new buyers do not get it), remove one not yet saved. Names are read once.
import { useEffect, useId, useState } from "react";
import { apiFetch, type Page } from "@/components/api-client";
import { useFormState } from "../forms/form-parts";
import { useOrganization } from "../organization";
import { Button } from "../ui/button";
import type { BenefitFile, BenefitForm } from "./logic";
import { uploadInParts } from "./upload-in-parts";

export function FilesField() {
  const form = useFormState();
  const values = form.values as BenefitForm;
  const organization = useOrganization();
  const inputId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const files = values.files;
  const setFiles = (next: BenefitFile[]) => form.set("files", next, "properties.files");

  // Saved files show their ids until their names are read.
  const unnamed = files.filter((file) => file.name === file.id).map((file) => file.id);
  useEffect(() => {
    if (!unnamed.length) return;
    void apiFetch<Page<{ id: string; name: string }>>("/v1/files/", {
      query: { organization_id: organization.id, ids: unnamed, limit: 100 },
    }).then((page) => {
      const names = new Map(page.items.map((item) => [item.id, item.name]));
      setFiles(files.map((file) => ({ ...file, name: names.get(file.id) ?? file.name })));
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per set of unnamed files
  }, [unnamed.join(",")]);

  const upload = async (file: File) => {
    setFailure(null);
    setProgress(0);
    try {
      const uploaded = await uploadInParts(file, organization.id, setProgress);
      setFiles([...files, { ...uploaded, archived: false }]);
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      setProgress(null);
    }
  };

  const problem = form.errors.field("properties.files");
  return (
    <div className="space-y-3">
      {files.length ? (
        <ul aria-label="Files" className="divide-y divide-zinc-200 text-sm dark:divide-zinc-800">
          {files.map((file, index) => (
            <li key={file.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className={`min-w-0 wrap-anywhere ${file.archived ? "text-zinc-400 line-through" : ""}`}>
                {file.name}
              </span>
              <span className="flex gap-2">
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() =>
                    setFiles(files.map((f, i) => (i === index ? { ...f, archived: !f.archived } : f)))
                  }
                >
                  {file.archived ? "Grant again" : "Archive"}
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => setFiles(files.filter((_, i) => i !== index))}
                >
                  Remove
                </Button>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <div>
        <label htmlFor={inputId} className="mb-1 block text-xs font-medium text-zinc-600 dark:text-zinc-300">
          Add a file (up to 1 GiB)
        </label>
        <input
          id={inputId}
          type="file"
          disabled={progress !== null}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file) void upload(file);
          }}
          className="block w-full text-sm"
        />
        {progress !== null ? (
          <p role="status" className="mt-1 text-xs text-zinc-500">
            Uploading… {Math.round(progress * 100)} %
          </p>
        ) : null}
        {failure ? (
          <p role="alert" className="mt-1 text-xs text-red-600">
            {failure}
          </p>
        ) : null}
        {problem ? <p className="mt-1 text-xs text-red-600">{problem}</p> : null}
        <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
          Buyers download the files from their purchase&apos;s page and the customer portal. An archived file
          stays with the buyers who have it; new buyers do not get it.
        </p>
      </div>
    </div>
  );
}
