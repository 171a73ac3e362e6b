// GET /v1/checkouts/client/{client_secret}/benefits — the same handler as
// /v1/checkouts/custom/client/{client_secret}/benefits.
export { GET, POST, PUT, PATCH, DELETE } from "../../../custom/client/[client_secret]/benefits/route";
