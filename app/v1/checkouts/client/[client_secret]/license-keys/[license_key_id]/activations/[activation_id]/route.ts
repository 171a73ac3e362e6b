// DELETE /v1/checkouts/client/{client_secret}/license-keys/{license_key_id}/activations/{activation_id}
// — the same handler as /v1/checkouts/custom/client/{client_secret}/license-keys/....
export {
  GET,
  POST,
  PUT,
  PATCH,
  DELETE,
} from "../../../../../../custom/client/[client_secret]/license-keys/[license_key_id]/activations/[activation_id]/route";
