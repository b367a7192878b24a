/**
 * Entry of the TTS script (bundled with the engine into the save's LuaScript). TTS calls event
 * handlers and UI callbacks by global name, so every handler is assigned to a global here.
 */
import { canonical } from "../../src/engine/core/serialize";
import { collectTrick, handleDrop, pressButton, replayText, restore, saveText, startGame, type SavedGame } from "./session";
import { allButtonIds } from "./games/buttons";
import type { TableObject } from "./table";
import { UI_START_PANEL } from "./ui-ids";

declare let syzygyStart2: (player: unknown) => void;
declare let syzygyStart3: (player: unknown) => void;
declare let syzygyStart4: (player: unknown) => void;
declare let syzygyStartSeeded: (players: number, seed: string) => string;
declare let syzygyReplayLog: (player: { color: string } | undefined) => void;
declare let syzygyCollect: () => void;
declare let syzygySaveText: () => string;

const RED = { r: 1, g: 0.35, b: 0.3 };

function start(players: number): void {
  const problem = startGame(players, "tts-" + tostring(os.time()));
  if (problem !== "") broadcastToAll(problem, RED);
}

onLoad = (saved) => {
  if (saved !== undefined && saved !== "") {
    const problem = restore(JSON.decode(saved) as SavedGame);
    if (problem === "") return;
    broadcastToAll("Could not resume the saved game: " + problem + ". Start a new one.", RED);
  }
  UI.setAttribute(UI_START_PANEL, "active", "true");
};

onSave = () => saveText();

onObjectDrop = (color, obj) => {
  handleDrop(color, obj as unknown as TableObject);
};

syzygyStart2 = () => start(2);
syzygyStart3 = () => start(3);
syzygyStart4 = () => start(4);
/** For the Lua console and tests: a game with a chosen seed ("" = started). */
syzygyStartSeeded = (players, seed) => startGame(players, seed);
/** Prints the game so far as a `syzygy replay` file (to check a table game with the CLI). */
syzygyReplayLog = (player) => {
  const text = replayText();
  if (player !== undefined) printToColor(text, player.color as PlayerColor, { r: 1, g: 1, b: 1 });
  else print(text);
};
syzygyCollect = () => collectTrick();
// The games' HUD buttons (XmlUI onClick="syzygy_<id>"): TTS passes the clicking Player first.
for (const id of allButtonIds()) {
  (_G as unknown as { [name: string]: unknown })["syzygy_" + id] = (player: { color: string }) => pressButton(player.color, id);
}
syzygySaveText = () => saveText();

export const VERSION = canonical({ script: "syzygy-tts", v: 1 });
