// The hosted checkout's performance budget, measured on every run and attached to the report:
// - first-load JavaScript of the route: every script the server's HTML loads (module scripts
//   only: the nomodule polyfill never runs in a current browser), gzip-compressed as `next start`
//   serves them; the schemas chunk fetched after first paint is reported apart;
// - time from navigation start to an enabled Pay button (it accepts a press from the first paint:
//   components/checkout/early-pay-script.ts) and to the form hydrated (the press is paid), median of
//   5 page loads.
import { gzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { ownCatalog, ownShop } from "./own-organization";

const RUNS = 5;

const shop = ownShop("perf");
const catalog = ownCatalog(shop);

async function newSessionUrl() {
  return (await shop.post("/v1/checkouts/custom/", { product_id: catalog.studio.id })).url as string;
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

test("performance budget of the checkout route", async ({ page, request }) => {
  const url = await newSessionUrl();
  const html = await (await request.get(url)).text();
  const firstLoad = [
    ...new Set(
      [...html.matchAll(/<script\b([^>]*)>/g)]
        .filter(([, attrs]) => !/\bnomodule\b/i.test(attrs!))
        .map(([, attrs]) => /\bsrc="([^"]+\.js)"/.exec(attrs!)?.[1])
        .filter((src): src is string => !!src),
    ),
  ];
  let raw = 0;
  let gzip = 0;
  for (const src of firstLoad) {
    const body = await (await request.get(src)).body();
    raw += body.length;
    gzip += gzipSync(body).length;
  }

  // Everything the browser fetches as script, to report what comes after first load.
  const loaded: string[] = [];
  page.on("response", (r) => {
    if (r.request().resourceType() === "script") loaded.push(new URL(r.url()).pathname);
  });

  const timings: number[] = [];
  const hydratedTimings: number[] = [];
  const firstBytes: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    await page.goto(await newSessionUrl(), { waitUntil: "commit" });
    await page.waitForFunction(
      () => {
        const button = document.querySelector<HTMLButtonElement>("#pay-button");
        return !!button && !button.disabled;
      },
      undefined,
      { polling: "raf" },
    );
    timings.push(await page.evaluate(() => performance.now()));
    await page.waitForFunction(
      () => !!document.querySelector('form[data-checkout-form][data-hydrated="true"]'),
      undefined,
      { polling: "raf" },
    );
    hydratedTimings.push(await page.evaluate(() => performance.now()));
    firstBytes.push(
      await page.evaluate(
        () => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).responseStart,
      ),
    );
  }
  await page.waitForLoadState("networkidle");
  const later = [...new Set(loaded)].filter((src) => !firstLoad.includes(src));
  let laterGzip = 0;
  for (const src of later) laterGzip += gzipSync(await (await request.get(src)).body()).length;

  const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const median = medianOf(timings);
  const report = [
    `first-load JS: ${kB(gzip)} gzip (${kB(raw)} raw) in ${firstLoad.length} files`,
    `loaded after first paint: ${kB(laterGzip)} gzip in ${later.length} files (zod and the API schemas)`,
    `navigation → Pay enabled: median ${median.toFixed(0)} ms of ${timings.map((t) => t.toFixed(0)).join(", ")} ms`,
    `navigation → form hydrated (a press is paid): median ${medianOf(hydratedTimings).toFixed(0)} ms`,
    `of which server response (first byte): median ${medianOf(firstBytes).toFixed(0)} ms`,
  ];
  console.log(report.join("\n"));
  for (const line of report) test.info().annotations.push({ type: "performance", description: line });
  await test.info().attach("performance.txt", { body: report.join("\n"), contentType: "text/plain" });

  // Loose guards against regressions; the numbers themselves are the report.
  expect(gzip).toBeLessThan(200 * 1024);
  expect(median).toBeLessThan(3000);
  expect(medianOf(hydratedTimings)).toBeLessThan(5000);
});
