// Secrets at rest: encryption (AES-256-GCM, versioned, rotatable) and keyed hashes, all derived
// from one server secret (APP_SECRET, or DATA_DIR/app-secret). See docs/operations.md.
export { encrypt, decrypt, encryptBytes, decryptBytes, sealedKeyId, DecryptionError } from "./encryption";
export { hmacHex, hmacBase64url, safeEqual } from "./hmac";
export { keyring, keyringFrom, forgetKeyring, type Keyring } from "./keys";
export {
  loadServerSecret,
  MissingServerSecretError,
  ServerSecretError,
  SECRET_FILE,
  MIN_SECRET_LENGTH,
} from "./server-secret";
export { checkServerSecretOpensDatabase, sealedSamples, type SealedSample } from "./sealed-values";
