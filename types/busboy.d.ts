// The multipart parser Next.js ships (next/dist/compiled/busboy, busboy 1.x), used to stream
// uploads to disk (lib/api/multipart.ts); only what the app uses is declared.
declare module "next/dist/compiled/busboy" {
  import type { Readable, Writable } from "node:stream";

  type Limits = { fieldSize?: number; fields?: number; fileSize?: number; files?: number; parts?: number };
  type FileInfo = { filename: string | undefined; encoding: string; mimeType: string };
  type FieldInfo = { nameTruncated: boolean; valueTruncated: boolean; encoding: string; mimeType: string };

  interface Busboy extends Writable {
    on(event: "file", listener: (name: string, stream: Readable, info: FileInfo) => void): this;
    on(event: "field", listener: (name: string, value: string, info: FieldInfo) => void): this;
    on(event: "partsLimit" | "filesLimit" | "fieldsLimit", listener: () => void): this;
    on(event: "close" | "finish" | "drain", listener: () => void): this;
    on(event: "error", listener: (error: Error) => void): this;
  }

  function busboy(options: {
    headers: Record<string, string>;
    limits?: Limits;
    preservePath?: boolean;
    defParamCharset?: string;
  }): Busboy;
  export default busboy;
}
