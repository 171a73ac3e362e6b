// GET/POST /v1/checkouts/ — the reference API's current path for the sessions under
// /v1/checkouts/custom/: the same handlers, so both paths answer identically.
export { GET, POST, PUT, PATCH, DELETE } from "./custom/route";
