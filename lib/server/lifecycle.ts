// What the process must undo when it stops (the job worker, the database and its folder lock),
// and what it starts only once it listens.
// The server script and the code Next.js bundles are two copies of these modules, so the list
// lives on globalThis under a registered symbol: boot (inside Next.js) adds to it, the server's
// signal handler (outside) runs it.
type Task = { name: string; run: () => Promise<void> | void };

const key = Symbol.for("digital-sales-backend.shutdown");
const holder = globalThis as unknown as { [key]?: Task[] };

/** Registers a clean-up; they run in reverse order of registration. */
export function onShutdown(name: string, run: Task["run"]): void {
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

// Work that can wait until the server listens (the job worker): the server announces "Ready" and
// runs it then, so it does not delay the first request. A process whose server never said it
// will announce (a test, a bare `next start`) runs it at once.
type ReadyState = { expected: boolean; announced: boolean; pending: Task[] };
const readyKey = Symbol.for("digital-sales-backend.ready");
const readyHolder = globalThis as unknown as { [readyKey]?: ReadyState };
const readyState = (): ReadyState =>
  (readyHolder[readyKey] ??= { expected: false, announced: false, pending: [] });

/** Called by the server before start-up begins: afterReady() work then waits for announceReady(). */
export function expectReadyAnnouncement(): void {
  readyState().expected = true;
}

/** Runs `run` once the server listens (at once if it already does, or never announces it). */
export function afterReady(name: string, run: Task["run"]): void {
  const state = readyState();
  if (state.expected && !state.announced) state.pending.push({ name, run });
  else void runLogged({ name, run });
}

/** Called by the server once it listens: runs the waiting work in registration order. */
export function announceReady(): void {
  const state = readyState();
  state.announced = true;
  for (const work of state.pending.splice(0)) void runLogged(work);
}

async function runLogged(work: Task): Promise<void> {
  try {
    await work.run();
  } catch (error) {
    console.error(`Starting ${work.name} failed:`, error);
  }
}
