// The part of fs-native-extensions (a native addon without type declarations) the app uses.
declare module "fs-native-extensions" {
  /** Takes an exclusive (or, with shared, a shared) lock on the file; false when another holds it. */
  export function tryLock(fd: number, options?: { shared?: boolean }): boolean;
  export function unlock(fd: number): void;
}
