// The dashboard's client is the shared browser client (components/api-client.ts); this module only
// keeps the old import path working for files not yet moved to it.
export * from "../api-client";
