// Next.js calls register() once when a server starts, and the app's server (scripts/server.ts)
// awaits it in app.prepare() before it listens: migrate and seed before the first request.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { boot } = await import("./lib/boot");
  await boot();
}
