/** One SHA-256 of several parts (a leaf module: the build, the gallery and the TTS stamp use it). */
import { createHash } from "node:crypto";

/** The hex SHA-256 of `parts`, each followed by a separator. */
export function sha256(...parts: (string | Uint8Array)[]): string {
  const h = createHash("sha256");
  for (const p of parts) {
    h.update(p);
    // A separator, so ("ab","c") and ("a","bc") differ.
    h.update("\0");
  }
  return h.digest("hex");
}
