/**
 * Deterministic TTS GUIDs: six hex digits derived from the game and a stable key of the object,
 * so rebuilding a save gives the same GUIDs (diffable saves, stable object references) and no
 * two objects of a save share one.
 */
import { hashText } from "../engine/core/serialize";

export class GuidAllocator {
  private readonly used = new Set<string>();

  constructor(private readonly game: string) {}

  /** A fresh GUID for `key`; the same sequence of keys always yields the same GUIDs. */
  next(key: string): string {
    for (let attempt = 0; ; attempt++) {
      const guid = hashText(`${this.game}/${key}/${attempt}`).slice(0, 6);
      if (!this.used.has(guid)) {
        this.used.add(guid);
        return guid;
      }
    }
  }
}
