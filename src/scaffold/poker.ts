/**
 * The starting point `syzygy new <id>` writes: a 52-card poker deck with its own suit icons, a
 * face and a back template, and a README. It builds as it is, and each file says what to edit.
 */
import type { ScaffoldFiles } from "./files";

const SUITS = [
  { id: "spades", name: "Spades", colour: "black" },
  { id: "hearts", name: "Hearts", colour: "red" },
  { id: "diamonds", name: "Diamonds", colour: "red" },
  { id: "clubs", name: "Clubs", colour: "black" },
] as const;

// 6 and 9 marked with a point, as the shipped decks print them: a card is read from either end (test/print-content.test.ts).
const RANKS = ["A", "2", "3", "4", "5", "6.", "7", "8", "9.", "10", "J", "Q", "K"];
const RANK_NAMES = ["Ace", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack", "Queen", "King"];

/** Suit symbols in a -1..1 box, drawn in the colour the template asks for (currentColor). */
const ICONS: Record<string, string> = {
  spades:
    '<path d="M0 -0.95C-0.3 -0.62 -0.92 -0.25 -0.92 0.2C-0.92 0.52 -0.64 0.68 -0.38 0.64C-0.22 0.62 -0.1 0.53 -0.05 0.45C-0.07 0.66 -0.18 0.84 -0.34 0.95L0.34 0.95C0.18 0.84 0.07 0.66 0.05 0.45C0.1 0.53 0.22 0.62 0.38 0.64C0.64 0.68 0.92 0.52 0.92 0.2C0.92 -0.25 0.3 -0.62 0 -0.95Z" fill="currentColor"/>',
  hearts:
    '<path d="M0 0.9C-0.3 0.62 -0.95 0.16 -0.95 -0.34C-0.95 -0.72 -0.58 -0.94 -0.3 -0.88C-0.15 -0.85 -0.05 -0.76 0 -0.64C0.05 -0.76 0.15 -0.85 0.3 -0.88C0.58 -0.94 0.95 -0.72 0.95 -0.34C0.95 0.16 0.3 0.62 0 0.9Z" fill="currentColor"/>',
  diamonds: '<path d="M0 -0.95L0.68 0L0 0.95L-0.68 0Z" fill="currentColor"/>',
  clubs:
    '<circle cx="0" cy="-0.46" r="0.38" fill="currentColor"/><circle cx="-0.44" cy="0.16" r="0.38" fill="currentColor"/><circle cx="0.44" cy="0.16" r="0.38" fill="currentColor"/><path d="M-0.07 0.05C-0.07 0.52 -0.18 0.8 -0.34 0.95L0.34 0.95C0.18 0.8 0.07 0.52 0.07 0.05Z" fill="currentColor"/>',
};

/** "moon-poker" → "Moon Poker". */
export function titleOf(id: string): string {
  return id
    .split("-")
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

function q(s: string): string {
  return JSON.stringify(s);
}

function gameYaml(id: string, name: string): string {
  const styles = SUITS.map((s) => `  ${s.id}:\n    name: ${s.name}\n    symbol: ${s.id}\n    colours: { accent: ${s.colour} }`).join("\n");
  return `# yaml-language-server: $schema=../schema/game.schema.json
# ${name}: every physical component, its size (mm), templates and colours. Template N is
# templates/${id}/N.svg.hbs. Check edits with \`npx syzygy validate\`, then \`npx syzygy build\`.
id: ${id}
name: ${q(name)}
description: A standard 52-card deck to start from.
players: { min: 2, max: 4 }

colours:
  paper: "#fbf8f1"
  ink: "#1f1d24"
  black: "#1f1d24"
  red: "#b3202a"
  back: "#24406b"
  back-detail: "#e9dcaf"

# A style per suit; each card's suit field picks its style (styleBy below).
styles:
${styles}

# The deck's extra fields (deck.yaml keys or spreadsheet columns), typed.
cardFields:
  suit: [${SUITS.map((s) => s.id).join(", ")}]
  rank: integer

components:
  - id: cards
    kind: card
    name: Playing Cards
    count: 52
    size: { width: 63.5, height: 88.9 }
    shape: { kind: rect, cornerRadius: 3 }
    # back: light on ink; back-full: the back colour to the edges.
    templates: { face: card, back: back }
    colours: { background: paper, text: ink, accent: ink, back: back, backDetail: back-detail }
    styleBy: suit
    from: deck
`;
}

/** The 52 cards: id, name, suit and rank 1 (ace) to 13 (king), and the index printed in the corners. */
export function pokerDeck(): { id: string; name: string; suit: string; rank: number; index: string }[] {
  const out: { id: string; name: string; suit: string; rank: number; index: string }[] = [];
  for (const s of SUITS) {
    RANKS.forEach((index, r) => out.push({ id: `${RANK_NAMES[r].toLowerCase()}-of-${s.id}`, name: `${RANK_NAMES[r]} of ${s.name}`, suit: s.id, rank: r + 1, index }));
  }
  return out;
}

function deckYaml(name: string): string {
  const lines = [
    "# yaml-language-server: $schema=../schema/deck.schema.json",
    `# ${name}: one entry per card. id is stable (saves and file names use it); index is printed in`,
    "# the corners; text, if given, is printed in the middle. suit and rank are the cardFields of game.yaml.",
    "cards:",
  ];
  for (const c of pokerDeck()) lines.push(`  - id: ${c.id}`, `    name: ${q(c.name)}`, `    suit: ${c.suit}`, `    rank: ${c.rank}`, `    index: ${q(c.index)}`);
  return lines.join("\n") + "\n";
}

const CARD_TEMPLATE = `{{!--
  A card face. Coordinates are millimetres from the trimmed top-left corner (63.5 × 88.9);
  frame.x/y/fullW/fullH span the bleed, frame.safe the area that survives cutting.
  item.* is the card (its deck.yaml fields, item.style its suit style, item.colours its colours).
--}}
<rect x="{{frame.x}}" y="{{frame.y}}" width="{{frame.fullW}}" height="{{frame.fullH}}" fill="{{item.colours.background}}"/>
<rect x="{{frame.safe.x}}" y="{{frame.safe.y}}" width="{{frame.safe.w}}" height="{{frame.safe.h}}" rx="2.5" fill="none" stroke="{{item.colours.accent}}" stroke-width="0.35"/>
{{{text item.index 5.5 5.5 10 7.5 size=6.5 min=4 style="bold" align="middle" valign="middle" color=item.colours.accent label="index"}}}
{{{icon item.style.symbol 10.5 16.5 5.5 item.colours.accent}}}
<g transform="rotate(180 {{frame.cx}} {{frame.cy}})">
{{{text item.index 5.5 5.5 10 7.5 size=6.5 min=4 style="bold" align="middle" valign="middle" color=item.colours.accent label="index"}}}
{{{icon item.style.symbol 10.5 16.5 5.5 item.colours.accent}}}
</g>
{{{icon item.style.symbol frame.cx 40 22 item.colours.accent}}}
{{{text item.text 12 56 39.5 16 size=3.4 min=2.4 align="middle" valign="middle" color=item.colours.text label="text"}}}
`;

/** The back every card shares, light on ink: white, thin lines and the name in the back colour. */
export const BACK_TEMPLATE = `{{!-- The back every card shares, light on ink. For a full-colour back use back-full (templates: { back: back-full } in game.yaml). --}}
<rect x="{{frame.x}}" y="{{frame.y}}" width="{{frame.fullW}}" height="{{frame.fullH}}" fill="#ffffff"/>
<rect x="7" y="7" width="49.5" height="74.9" rx="3" fill="none" stroke="{{item.colours.back}}" stroke-width="0.6"/>
<rect x="9.5" y="9.5" width="44.5" height="69.9" rx="2" fill="none" stroke="{{item.colours.back}}" stroke-width="0.25"/>
{{{text game.title 12 36 39.5 16 size=6 min=3 style="bold" align="middle" valign="middle" color=item.colours.back label="title"}}}
`;

/** The full-colour back (more ink): the back colour to the edges. */
export const BACK_FULL_TEMPLATE = `{{!-- A full-colour back: the back colour to the edges (more ink than back). --}}
<rect x="{{frame.x}}" y="{{frame.y}}" width="{{frame.fullW}}" height="{{frame.fullH}}" fill="{{item.colours.back}}"/>
<rect x="7" y="7" width="49.5" height="74.9" rx="3" fill="none" stroke="{{item.colours.backDetail}}" stroke-width="0.8"/>
<rect x="9.5" y="9.5" width="44.5" height="69.9" rx="2" fill="none" stroke="{{item.colours.backDetail}}" stroke-width="0.3"/>
{{{text game.title 12 36 39.5 16 size=6 min=3 style="bold" align="middle" valign="middle" color=item.colours.backDetail label="title"}}}
`;

export function readme(id: string, name: string, deckFile: string): string {
  return `# ${name}

Made with \`syzygy new ${id}\`: a game without a rules engine. It prints (PNGs and PDFs) and
gets a Tabletop Simulator save with every piece on the table; players follow the rules themselves.

- \`game.yaml\`: the components (count, size in mm, templates, colours) and the deck's \`cardFields\`.
- \`${deckFile}\`: the cards.
- \`../../templates/${id}/*.svg.hbs\`: how each side looks (SVG with Handlebars; mm coordinates).

\`\`\`sh
npx syzygy validate ${id}     # every problem as file:line:col
npx syzygy build ${id}        # PNGs, print-and-play PDFs and the TTS save into out/${id}/
npx syzygy watch ${id}        # rebuild on every save; a live gallery at http://127.0.0.1:8040
npx syzygy icons ${id}        # a placeholder icon for each :token:, {token} or [token] without a file
\`\`\`${deckFile.endsWith(".yaml") ? "" : `

\`npx syzygy validate ${id} --columns\` shows which column of \`${deckFile}\` feeds which part of the card.`}
`;
}

/** The files of a new poker-deck game `id`. */
export function pokerGame(id: string): ScaffoldFiles {
  const name = titleOf(id);
  const files: ScaffoldFiles = new Map();
  files.set(`data/${id}/game.yaml`, gameYaml(id, name));
  files.set(`data/${id}/deck.yaml`, deckYaml(name));
  files.set(`data/${id}/README.md`, readme(id, name, "deck.yaml"));
  for (const s of SUITS) files.set(`data/${id}/icons/${s.id}.svg`, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-1 -1 2 2">${ICONS[s.id]}</svg>\n`);
  files.set(`templates/${id}/card.svg.hbs`, CARD_TEMPLATE);
  files.set(`templates/${id}/back.svg.hbs`, BACK_TEMPLATE);
  files.set(`templates/${id}/back-full.svg.hbs`, BACK_FULL_TEMPLATE);
  return files;
}
