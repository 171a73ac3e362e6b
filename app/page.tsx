// Static on purpose: the landing page never touches the database, so it renders at build time.
const code = "whitespace-nowrap rounded bg-zinc-100 px-1 py-0.5 font-mono text-sm dark:bg-zinc-800";

export default function Home() {
  return (
    <main className="mx-auto max-w-2xl px-6 py-24">
      <p className="text-sm font-medium tracking-wide text-emerald-700 uppercase dark:text-emerald-400">
        Self-hosted
      </p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight">Digital Sales Backend</h1>
      <p className="mt-4 text-lg text-zinc-600 dark:text-zinc-400">
        Sell software and other digital goods: hosted checkout, one-time and subscription orders, and license
        keys that your own software validates over the API.
      </p>
      <ul className="mt-8 space-y-3 text-zinc-700 dark:text-zinc-300">
        <li>
          JSON API under <code className={code}>/v1</code>, authenticated with organization access tokens (
          <code className={code}>Authorization: Bearer …</code>).
        </li>
        <li>
          The demo organization&apos;s admin login, access token and a checkout URL are printed at start-up.
        </li>
        <li>
          The API reference is at{" "}
          <a className="underline" href="/docs">
            /docs
          </a>
          ; configuration and operations are in the repository&apos;s <code className={code}>docs/</code>{" "}
          folder.
        </li>
      </ul>
      <a
        href="/dashboard"
        className="mt-10 mr-3 inline-block rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-500"
      >
        Merchant dashboard
      </a>
      <a
        href="/docs"
        className="mt-10 mr-3 inline-block rounded-md bg-emerald-700 px-4 py-2 text-sm font-medium text-white hover:bg-emerald-600"
      >
        API reference
      </a>
      <a
        href="/v1/openapi.json"
        className="mt-10 inline-block rounded-md bg-zinc-900 px-4 py-2 text-sm font-medium text-white hover:bg-zinc-700 dark:bg-zinc-100 dark:text-zinc-900 dark:hover:bg-zinc-300"
      >
        OpenAPI schema
      </a>
    </main>
  );
}
