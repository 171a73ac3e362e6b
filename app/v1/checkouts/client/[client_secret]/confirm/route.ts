// POST /v1/checkouts/client/{client_secret}/confirm — the same handler as
// /v1/checkouts/custom/client/{client_secret}/confirm.
export { GET, POST, PUT, PATCH, DELETE } from "../../../custom/client/[client_secret]/confirm/route";
