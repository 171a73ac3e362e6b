// The error shapes of the API reference (docs/api.md §2): each JSON shape with an example, and
// every error name with its status, from the one table the server answers with.
import { STATUS_OF } from "@/lib/core/errors";
import { CodeBlock } from "./operation";
import type { ReferenceModel } from "./reference-model";
import { SchemaView } from "./schema-fields";

export function ErrorShapes({ errors }: { errors: ReferenceModel["errors"] }) {
  return (
    <section id="errors" className="mt-12 min-w-0 scroll-mt-4">
      <h2 className="text-xl font-semibold tracking-tight">Errors</h2>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
        Every error is a JSON body in one of three shapes. A request is refused whole: a 4xx changes nothing.
      </p>
      {errors.map((error) => (
        <div key={error.name} id={`error-${error.name}`} className="mt-6 min-w-0">
          <h3 className="font-mono text-base font-semibold">{error.name}</h3>
          {error.schema.description ? <p className="mt-1 text-sm">{error.schema.description}</p> : null}
          <SchemaView schema={error.schema} output />
          <CodeBlock label="Example">{error.example}</CodeBlock>
        </div>
      ))}
      <table className="mt-6 w-full text-left text-sm">
        <caption className="text-left text-sm font-semibold">Error names and their status</caption>
        <thead>
          <tr className="border-b border-zinc-200 dark:border-zinc-800">
            <th className="py-1 pr-4 font-medium">error</th>
            <th className="py-1 font-medium">status</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(STATUS_OF).map(([name, status]) => (
            <tr key={name} className="border-b border-zinc-100 dark:border-zinc-900">
              <td className="py-1 pr-4 font-mono text-xs break-all">{name}</td>
              <td className="py-1 font-mono text-xs">{status}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
