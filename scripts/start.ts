// `npm start`: builds once when there is no build, then serves on PORT (3000). Migrations and the
// demo seed run inside the server at start-up (instrumentation.ts), so the embedded database is
// only ever opened by one process.
import { buildIfMissing, serve } from "./next-server";

buildIfMissing();
serve("start");
