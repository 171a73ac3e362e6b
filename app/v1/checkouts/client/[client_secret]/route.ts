// GET/PATCH /v1/checkouts/client/{client_secret} — the same handlers as
// /v1/checkouts/custom/client/{client_secret}.
export { GET, POST, PUT, PATCH, DELETE } from "../../custom/client/[client_secret]/route";
