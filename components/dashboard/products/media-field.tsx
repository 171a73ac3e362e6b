"use client";
// The product's images: each upload shows its preview and a progress bar while it is sent to
// POST /v1/files/, then joins the list (attached by id in `medias` when the product is saved).
import { useEffect, useRef, useState } from "react";
import { FieldSet, moved, RowButtons } from "../forms/field-set";
import { controlId, type FormErrorsState } from "../forms/use-form-errors";
import type { Media } from "../hooks/catalog";
import { useOrganization } from "../organization";
import { uploadImage } from "./upload";

const MAX_MEDIAS = 20;
const ACCEPT = "image/png,image/jpeg,image/webp,image/gif";

type Upload = { id: number; name: string; preview: string; progress: number; error?: string };

type Props = {
  formId: string;
  errors: FormErrorsState;
  value: Media[];
  onChange: (medias: Media[]) => void;
};

export function MediaField({ formId, errors, value, onChange }: Props) {
  const organization = useOrganization();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const nextId = useRef(0);
  const latest = useRef(value);
  const aborts = useRef(new Map<number, () => void>());
  useEffect(() => {
    latest.current = value;
  });
  useEffect(() => {
    const pending = aborts.current;
    return () => pending.forEach((abort) => abort());
  }, []);
  const id = controlId(formId, "medias");
  const patch = (uploadId: number, change: Partial<Upload>) =>
    setUploads((all) => all.map((upload) => (upload.id === uploadId ? { ...upload, ...change } : upload)));

  const start = (file: File) => {
    const uploadId = nextId.current++;
    const preview = URL.createObjectURL(file);
    setUploads((all) => [...all, { id: uploadId, name: file.name, preview, progress: 0 }]);
    const handle = uploadImage(file, organization.id, (progress) => patch(uploadId, { progress }));
    aborts.current.set(uploadId, handle.abort);
    handle.promise.then(
      (media) => {
        aborts.current.delete(uploadId);
        URL.revokeObjectURL(preview);
        setUploads((all) => all.filter((upload) => upload.id !== uploadId));
        onChange([...latest.current, media]);
      },
      (failure: Error) => {
        aborts.current.delete(uploadId);
        patch(uploadId, { error: failure.message });
      },
    );
  };

  return (
    <FieldSet id={id} legend="Images" error={errors.field("medias")}>
      <ul className="flex flex-wrap gap-3">
        {value.map((media, index) => (
          <li key={media.id} className="w-32 text-xs">
            <img src={media.public_url} alt={media.name} className="h-24 w-32 rounded border object-cover" />
            <div className="mt-1 flex gap-1">
              <RowButtons
                name={media.name}
                index={index}
                count={value.length}
                arrows="horizontal"
                removeLabel={`Remove image ${media.name}`}
                onMove={(by) => onChange(moved(value, index, by))}
                onRemove={() => onChange(value.filter((item) => item.id !== media.id))}
              />
            </div>
          </li>
        ))}
        {uploads.map((upload) => (
          <li key={`upload-${upload.id}`} className="w-32 text-xs">
            <img
              src={upload.preview}
              alt={`Preview of ${upload.name}`}
              className="h-24 w-32 rounded border object-cover opacity-70"
            />
            {upload.error ? (
              <p role="alert" className="mt-1 text-red-600 dark:text-red-400">
                {upload.error}{" "}
                <button
                  type="button"
                  className="underline"
                  onClick={() => setUploads((all) => all.filter((item) => item.id !== upload.id))}
                >
                  Dismiss
                </button>
              </p>
            ) : (
              <progress
                className="mt-1 w-full"
                aria-label={`Uploading ${upload.name}`}
                max={1}
                value={upload.progress}
              />
            )}
          </li>
        ))}
      </ul>
      <label htmlFor={id} className="mt-3 block text-xs font-medium text-zinc-600 dark:text-zinc-300">
        Upload image
      </label>
      <input
        id={id}
        type="file"
        accept={ACCEPT}
        multiple
        disabled={value.length + uploads.length >= MAX_MEDIAS}
        className="mt-1 block text-sm"
        onChange={(event) => {
          for (const file of Array.from(event.target.files ?? [])) start(file);
          event.target.value = "";
        }}
      />
      <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
        PNG, JPEG, WebP or GIF, up to 10 MB each.
      </p>
    </FieldSet>
  );
}
