// The embedded database's statements take turns with the event loop (docs/embedded-tail.md).
//
// PGlite runs PostgreSQL inside this thread: a statement is a synchronous WebAssembly call, and the
// code around it (the request before it, the answer after it) is chained by promises only. So when
// the server reads a request, that request runs to its end, database included, before Node.js
// looks at its sockets again; one event-loop iteration served every connection that had a request
// ready (49 of 50 under load: about 170 ms at 3.4 ms a request). Node.js accepts one new
// connection per iteration (libuv: one accept4 per epoll wait), so a client opening 50 connections
// at once had its last ones accepted seconds later: the 1.8–6.3 s "slowest GET order" of
// `npm run bench -- --embedded`, none of it spent in the database.
//
// Here at most one statement (or transaction) starts per event-loop iteration: the next one waits
// for setImmediate, so between two statements Node.js accepts connections and reads sockets. A
// statement requested while the database is idle and none has started in this iteration still
// starts at once (no added latency when the server is not loaded). The database ran one statement
// at a time already, so no concurrency is lost; the order is first come, first served.
import type { PGlite } from "@electric-sql/pglite";

/** Schedules a callback in the next event-loop iteration's check phase (setImmediate; tests inject). */
export type NextTurn = (callback: () => void) => void;

export class StatementTurns {
  /** A statement or transaction holds the database. */
  #running = false;
  /** A statement has started since the event loop last turned. */
  #startedThisTurn = false;
  #turnScheduled = false;
  readonly #waiting: (() => void)[] = [];
  readonly #nextTurn: NextTurn;

  constructor(nextTurn: NextTurn = (callback) => setImmediate(callback)) {
    this.#nextTurn = nextTurn;
  }

  /** Statements waiting for their turn (for tests and diagnostics). */
  get waiting(): number {
    return this.#waiting.length;
  }

  /** Runs `work` (one statement or one transaction) when its turn comes. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#running || this.#startedThisTurn || this.#waiting.length > 0) {
      await new Promise<void>((resolve) => {
        this.#waiting.push(resolve);
        this.#scheduleTurn();
      });
    } else {
      this.#start();
    }
    try {
      return await work();
    } finally {
      this.#running = false;
      // A statement that outlasted the iteration it started in (a transaction awaiting the app
      // between its statements) hands over at once: the loop has turned meanwhile.
      if (!this.#startedThisTurn) this.#startNext();
      else if (this.#waiting.length > 0) this.#scheduleTurn();
    }
  }

  #start(): void {
    this.#running = true;
    this.#startedThisTurn = true;
    this.#scheduleTurn();
  }

  #startNext(): void {
    const next = this.#waiting.shift();
    if (!next) return;
    this.#start();
    next();
  }

  #scheduleTurn(): void {
    if (this.#turnScheduled) return;
    this.#turnScheduled = true;
    this.#nextTurn(() => {
      this.#turnScheduled = false;
      this.#startedThisTurn = false;
      if (!this.#running) this.#startNext();
    });
  }
}

/**
 * `db` whose public statements (query, exec, sql, transaction) take turns. Everything else is the
 * instance's own, called on it (PGlite's private fields need the real instance as `this`), so
 * PGlite's internal statements (LISTEN, a transaction's own) never wait for a turn they already hold.
 */
export function takingTurns(db: PGlite, turns: StatementTurns = new StatementTurns()): PGlite {
  const gated: Partial<Record<keyof PGlite, unknown>> = {
    query: (...args: Parameters<PGlite["query"]>) => turns.run(() => db.query(...args)),
    exec: (...args: Parameters<PGlite["exec"]>) => turns.run(() => db.exec(...args)),
    sql: (...args: Parameters<PGlite["sql"]>) => turns.run(() => db.sql(...args)),
    transaction: (...args: Parameters<PGlite["transaction"]>) => turns.run(() => db.transaction(...args)),
  };
  return new Proxy(db, {
    get(target, property) {
      if (typeof property === "string" && property in gated) return gated[property as keyof PGlite];
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
