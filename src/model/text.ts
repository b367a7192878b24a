/** Printed text as plain Unicode, for places that cannot draw icons (TTS descriptions, PDF text, terminals). */
import type { GameModel } from "./types";

/** `:solar: melds +5 pts` → `☀ melds +5 pts`: each `:icon:` token whose icon is a style symbol becomes that style's glyph (else its name). */
export function plainText(text: string, model: Pick<GameModel, "styles">): string {
  return text.replace(/:([a-z0-9]+(?:-[a-z0-9]+)*):/g, (token, icon: string) => {
    const style = model.styles.find((s) => s.symbol === icon);
    if (style === undefined) return token;
    return style.glyph ?? style.name;
  });
}
