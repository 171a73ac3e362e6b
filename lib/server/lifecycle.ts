// What the process must undo when it stops (the job worker, the database and its folder lock).
// The server script and the code Next.js bundles are two copies of these modules, so the list
// lives on globalThis under a registered symbol: boot (inside Next.js) adds to it, the server's
// signal handler (outside) runs it.
type Cleanup = { name: string; run: () => Promise<void> | void };

const key = Symbol.for("digital-sales-backend.shutdown");
const holder = globalThis as unknown as { [key]?: Cleanup[] };

/** Registers a clean-up; they run in reverse order of registration. */
export function onShutdown(name: string, run: Cleanup["run"]): void {
  (holder[key] ??= []).push({ name, run });
}

/** Runs every clean-up once, in reverse order; one failing does not stop the others. */
export async function runShutdown(): Promise<void> {
  const cleanups = (holder[key] ?? []).splice(0).reverse();
  for (const cleanup of cleanups) {
    try {
      await cleanup.run();
    } catch (error) {
      console.error(`Stopping ${cleanup.name} failed:`, error);
    }
  }
}
