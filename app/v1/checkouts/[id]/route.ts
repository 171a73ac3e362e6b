// GET/PATCH /v1/checkouts/{id} — the same handlers as /v1/checkouts/custom/{id}. The static
// segments `custom` and `client` take precedence over this dynamic one in the App Router, so
// /v1/checkouts/custom still lists sessions rather than reading a session called "custom".
export { GET, POST, PUT, PATCH, DELETE } from "../custom/[id]/route";
