// Local only (not committed): the usual config, on a build made beforehand.
import base from "./playwright.config";

export default { ...base, webServer: { ...base.webServer, command: "node scripts/serve.mjs start" } };
