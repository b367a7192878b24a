/**
 * The scaffolded poker deck grown to N cards, for the scaling rows of `npm run bench`
 * (bench/builds.ts) and its check (test/bench-deck.test.ts). It lives in test/ because bench/
 * uses test/'s drivers, never the other way round (test/architecture.test.ts).
 */
/**
 * The scaffolded deck grown to `cards` cards: the 52 repeated, each copy with an id of its own and
 * a line of text ("Copy 2") so that every face differs; the component's count follows. A second
 * game's deck starts at a later `firstCopy`, so its faces differ from the first game's too (the
 * build rasterises a face whose SVG it has seen once).
 */
export function grownDeck(deckYaml: string, gameYaml: string, cards: number, firstCopy = 1): { deckYaml: string; gameYaml: string } {
  const head = deckYaml.slice(0, deckYaml.indexOf("\n  - id:") + 1);
  const entries = deckYaml.slice(head.length).split(/\n(?=  - id:)/).map((e) => e.trimEnd());
  const out: string[] = [];
  for (let i = 0; i < cards; i++) {
    const copy = Math.floor(i / entries.length) + firstCopy;
    const e = entries[i % entries.length].replace(/^( {2}- id: )(\S+)/, `$1$2-${copy}`);
    out.push(`${e}\n    text: "Copy ${copy}"`);
  }
  const count = /\n {4}count: \d+\n/;
  if (!count.test(gameYaml)) throw new Error("the scaffolded game.yaml has no component count to grow");
  return { deckYaml: head + out.join("\n") + "\n", gameYaml: gameYaml.replace(count, `\n    count: ${cards}\n`) };
}
