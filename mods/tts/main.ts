/**
 * Entry of the TTS script (bundled with the engine into the save's LuaScript). TTS calls event
 * handlers and UI callbacks by global name, so every handler is assigned to a global here.
 */
import { canonical } from "../../src/engine/core/serialize";
import { findDefinition, GAMES } from "../../src/games/index";
import {
  abandonGame,
  endHold,
  gameInProgress,
  handleDrop,
  handlePickUp,
  movesFrom,
  movesMade,
  playerLogText,
  pressButton,
  refreshUi,
  restore,
  saveText,
  startGame,
  type SavedGame,
} from "./session";
import { STANDARD_RULES, type MatchChoice } from "../../src/table/options";
import { saveConfig } from "./config";
import { guarded, shieldPile, shielded, type TableObject } from "./table";
import { tableText } from "./wording";
import { UI_BOTS, UI_OPTION } from "../../src/table/ui-ids";
import { entropyBacklog, freshSeed, stir, stirObject } from "./entropy";
import { selfCheckText } from "./selfcheck";

declare let syzygyStart2: (player: unknown) => void;
declare let syzygyStart3: (player: unknown) => void;
declare let syzygyStart4: (player: unknown) => void;
declare let syzygyBots: (player: unknown) => void;
declare let syzygyOption: (player: unknown) => void;
declare let syzygyStartSeeded: (players: number, seed: string, bots?: number, choice?: number) => string;
declare let syzygyReplayLog: (player: { color: string } | undefined) => void;
declare let syzygyCollect: () => void;
declare let syzygyAbandon: (player: unknown) => void;
declare let syzygySaveText: () => string;
declare let syzygyMoves: () => number;
declare let syzygyMovesFrom: (from: number) => string;
declare let syzygyCheckTable: () => string;
declare let syzygyEntropyBacklog: () => number;

const RED = { r: 1, g: 0.35, b: 0.3 };
const GOLD = { r: 1, g: 0.85, b: 0.3 };
/** Seconds a second press of Start has to confirm abandoning a game in progress. */
const CONFIRM_SECONDS = 10;

/** Start panel choices: seats played by bots (the last seats), and the match option. */
let bots = 0;
let choice = 0;
let confirming = 0;

/** The save's match options (Start panel), the default first. */
function matchChoices(): MatchChoice[] {
  const def = findDefinition(saveConfig().game);
  return def !== undefined ? def.table.choices : STANDARD_RULES;
}

function maxPlayers(): number {
  const def = findDefinition(saveConfig().game);
  return def !== undefined ? def.engine.maxPlayers : 4;
}

function showChoices(): void {
  UI.setValue(UI_BOTS, bots === 0 ? "Bots: none" : "Bots: " + bots + (bots === 1 ? " seat" : " seats"));
  UI.setAttribute(UI_BOTS, "text", bots === 0 ? "Bots: none" : "Bots: " + bots + (bots === 1 ? " seat" : " seats"));
  const label = matchChoices()[choice].label;
  UI.setValue(UI_OPTION, label);
  UI.setAttribute(UI_OPTION, "text", label);
}

/** Start pressed: a game in progress is abandoned only when Start is pressed again to confirm. */
function start(players: number, color: string): void {
  if (gameInProgress() && confirming !== players) {
    confirming = players;
    broadcastToAll(tableText("A game is in progress", "press Start: " + players + " players again within " + CONFIRM_SECONDS + " seconds to abandon it and deal a new one"), GOLD);
    Wait.time(() => {
      confirming = 0;
    }, CONFIRM_SECONDS);
    return;
  }
  confirming = 0;
  // The abandoned game's seed is revealed, as at its end.
  if (gameInProgress()) abandonGame(color !== "" ? color : "Start");
  // Unguessable (./entropy.ts): the old "tts-" .. os.time() let a player find the seed, and so
  // every hand, from their own hand by trying the minutes around the start.
  const problem = startGame(players, freshSeed(), bots < players ? bots : players, choice);
  if (problem !== "") broadcastToAll(problem, RED);
}

onLoad = (saved) => {
  stir("load");
  if (saved !== undefined && saved !== "") {
    const problem = restore(JSON.decode(saved) as SavedGame);
    if (problem !== "") broadcastToAll(tableText("Could not resume the saved game: " + problem, "start a new one"), RED);
  }
  // The XmlUI replaces attributes set before it has loaded: show the panels once it has.
  Wait.condition(
    () => {
      refreshUi();
      showChoices();
    },
    () => !UI.loading,
  );
};

onSave = () => saveText();

onObjectDrop = (color, obj) => {
  stirObject(color, obj as unknown as TableObject);
  handleDrop(color, obj as unknown as TableObject);
};

onObjectPickUp = (color, obj) => {
  stirObject(color, obj as unknown as TableObject);
  handlePickUp(color, obj as unknown as TableObject);
};

onPlayerChangeColor = (color) => stir("seat " + color);

// Secret piles (mods/tts/table.ts `shield`): a pile formed from face-down cards is shielded too,
// and any player action on a shielded or locked object (`guarded`: a played card, a board) is
// refused — onPlayerAction: "Return `false` to prevent the action's default behavior."
onObjectEnterContainer = (container) => {
  shieldPile(container as unknown as TableObject);
};
onPlayerAction = (player, _action, targets) => {
  for (const t of targets as unknown as TableObject[]) if (guarded(t)) return false;
  stir("action " + player.color);
  return true;
};
// Searching and peeking cannot be refused by a script (docs/tts.md: the host turns off the
// "Contextual" and "Peeking" permissions); should it happen anyway, everyone is told.
onObjectSearchStart = (obj, color) => {
  if (gameInProgress() && (obj as unknown as TableObject).is_face_down) broadcastToAll(color + " is searching a face-down pile.", RED);
};
onObjectPeek = (obj, color) => {
  if (gameInProgress() && shielded(obj as unknown as TableObject)) broadcastToAll(color + " peeked at a hidden card.", RED);
};

/** The clicking player's colour, for the entropy pool. */
function clicked(player: unknown): string {
  const p = player as { color?: string } | undefined;
  return p !== undefined && p.color !== undefined ? p.color : "";
}

syzygyStart2 = (player) => {
  stir("start 2 " + clicked(player));
  start(2, clicked(player));
};
syzygyStart3 = (player) => {
  stir("start 3 " + clicked(player));
  start(3, clicked(player));
};
syzygyStart4 = (player) => {
  stir("start 4 " + clicked(player));
  start(4, clicked(player));
};
syzygyBots = (player) => {
  stir("bots " + clicked(player));
  bots = (bots + 1) % (maxPlayers() + 1);
  showChoices();
};
syzygyOption = (player) => {
  stir("option " + clicked(player));
  choice = (choice + 1) % matchChoices().length;
  showChoices();
};
/** For the Lua console and tests: a game with a chosen seed, bot seats and option ("" = started). */
syzygyStartSeeded = (players, seed, botSeats, optionIndex) =>
  startGame(players, seed, botSeats !== undefined ? botSeats : 0, optionIndex !== undefined ? optionIndex : 0);
/**
 * Print replay log: during a game, what the pressing player may see (session.playerLogText: no
 * seed, no one else's hidden moves); once the game is over, the whole game as a `syzygy replay`
 * file with the revealed seed. Without a player (the host's console): the spectator's log.
 */
syzygyReplayLog = (player) => {
  if (player !== undefined) printToColor(playerLogText(player.color), player.color as PlayerColor, { r: 1, g: 1, b: 1 });
  else print(playerLogText(""));
};
syzygyCollect = () => endHold();
/** HUD "Abandon game": a second press within CONFIRM_SECONDS abandons it and shows the start panel. */
let abandoning = "";
syzygyAbandon = (player) => {
  const color = clicked(player);
  stir("abandon " + color);
  if (!gameInProgress()) {
    refreshUi();
    return;
  }
  if (abandoning !== color) {
    abandoning = color;
    broadcastToAll(tableText(color + " wants to abandon this game", "press Abandon game again within " + CONFIRM_SECONDS + " seconds to do so"), GOLD);
    Wait.time(() => {
      abandoning = "";
    }, CONFIRM_SECONDS);
    return;
  }
  abandoning = "";
  abandonGame(color);
};
// The games' HUD buttons (XmlUI onClick="syzygy_<id>"): TTS passes the clicking Player first.
// Every game's buttons are defined; the save's adapter refuses ids that are not its own.
for (const def of GAMES) {
  for (const b of def.table.buttons) {
    const id = b.id;
    (_G as unknown as { [name: string]: unknown })["syzygy_" + id] = (player: { color: string }) => {
      stir(id + " " + player.color);
      pressButton(player.color, id);
    };
  }
}
syzygySaveText = () => saveText();
/** For the Lua console and tests: how many moves the game has had. */
syzygyMoves = () => movesMade();
/** For tests: the moves from index `from` on (canonical JSON). */
syzygyMovesFrom = (from) => movesFrom(from);
/** For the Lua console and tests: bytes stirred into the seed pool and not hashed yet (hashed a block a frame). */
syzygyEntropyBacklog = () => entropyBacklog();
/** The table self-check (HUD button "Check this table", or the Lua console): printed to everyone, and returned. */
syzygyCheckTable = () => {
  const text = selfCheckText();
  printToAll(text, { r: 1, g: 1, b: 1 });
  return text;
};

export const VERSION = canonical({ script: "syzygy-tts", v: 2 });
