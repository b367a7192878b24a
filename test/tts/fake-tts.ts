/**
 * A fake Tabletop Simulator host for tests: runs a save's actual LuaScript in real Lua 5.2
 * (lua-wasm-bindings) or in MoonSharp 2.0.0.0, the interpreter TTS embeds (./lua-backend.ts;
 * SYZYGY_LUA=moonsharp, npm run test:moonsharp), inside a TTS-like sandbox, next to an emulation of the TTS API
 * (test/tts/fake-world.lua). Tests drive it like players would: press Start, drop cards into
 * the play zone, let time pass, save and load.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defaultLuaKind, openLua, type LuaBackend, type LuaKind } from "./lua-backend";
import { defaultTiming, type Timing } from "./timing";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const WORLD = fs.readFileSync(path.join(HERE, "fake-world.lua"), "utf8");

/** What TTS's MoonSharp sandbox leaves out (the same list the engine's Lua host removes). */
const SANDBOX = `
FAKE.cpuMs = HOST_THREAD_CPU_MS or function() return os.clock() * 1000 end; HOST_THREAD_CPU_MS = nil
debug = nil; io = nil; require = nil; package = nil; load = nil; loadstring = nil
loadfile = nil; dofile = nil; module = nil; string.dump = nil
os = { time = os.time, clock = os.clock, date = os.date, difftime = os.difftime }
_VERSION = "MoonSharp 2.0.0.0"
`;

export interface FakeObject {
  guid: string;
  note: string;
  name: string;
  x: number;
  y: number;
  z: number;
  down: boolean;
  locked: boolean;
  /** TTS's `interactable`: players may lift and act on it. */
  interactable: boolean;
  hand: string;
  /** 1-based place in the hand's row (0 = not in a hand). */
  handIndex: number;
  highlight: string;
  contents: number;
  /** Memo of the cards inside a deck, top first. */
  inner: string[];
}

export interface Snapshot {
  objects: FakeObject[];
  ui: Record<string, Record<string, string>>;
  timers: number;
  clock: number;
  /** Objects still spawning (taken out of a deck less than a frame or two ago). */
  spawning: number;
  /** takeObject calls without smooth = false (smooth moves take many frames in TTS). */
  smoothTakes: number;
  /** Cards dropped onto cards that became decks. */
  merges: number;
}

export interface Message {
  kind: "broadcast" | "print";
  to: string;
  text: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type SaveJson = { LuaScript: string; LuaScriptState: string; ObjectStates: any[]; [k: string]: unknown };

function longString(s: string): string {
  let eq = "=";
  while (s.includes(`]${eq}]`)) eq += "=";
  return `[${eq}[\n${s}]${eq}]`;
}

/** The XmlUI's own attributes per element id (`active` defaults to "true"), applied when it loads. */
export function uiDefaults(xml: string): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const m of xml.matchAll(/<\w+\s([^>]*)>/g)) {
    const id = /\bid="([^"]+)"/.exec(m[1]);
    if (id === null) continue;
    const active = /\bactive="([^"]+)"/.exec(m[1]);
    out[id[1]] = { active: active !== null ? active[1] : "true" };
  }
  return out;
}

export interface FakeTtsOptions {
  /** The interpreter (default: SYZYGY_LUA, else lua5.2). */
  lua?: LuaKind;
  /** MoonSharp only: the host's culture (LANG/LC_ALL of the Mono process), e.g. "lt_LT.UTF-8". */
  culture?: string;
  /** The host's timing where the TTS docs leave it open (./timing.ts; default: SYZYGY_TTS_TIMING, else "registration"). */
  timing?: Timing;
}

export class FakeTts {
  private readonly lua: LuaBackend;
  private closed = false;
  /** The timing model this table runs under. */
  readonly timing: Timing;
  /** Milliseconds to load the save's script and run onLoad (before any frame passes). */
  readonly loadMs: number;
  /** Interpreter CPU milliseconds of the same (MoonSharp: its thread's; Lua 5.2: os.clock). */
  readonly loadCpuMs: number;

  /** Boots a table from `save` and runs its script: onLoad(save.LuaScriptState). */
  constructor(
    readonly save: SaveJson,
    options: FakeTtsOptions = {},
  ) {
    this.lua = openLua(options.lua ?? defaultLuaKind(), { culture: options.culture });
    this.exec(WORLD, "fake-world.lua");
    this.timing = options.timing ?? defaultTiming();
    this.exec(`FAKE.setTiming(FAKE.json.decode(${longString(JSON.stringify(this.timing))}))`, "timing");
    const ui = longString(JSON.stringify(uiDefaults(typeof save.XmlUI === "string" ? save.XmlUI : "")));
    this.exec(`FAKE.boot(${longString(JSON.stringify({ ObjectStates: save.ObjectStates, VectorLines: save.VectorLines ?? [] }))}, ${ui})`, "boot");
    this.exec(SANDBOX, "sandbox");
    const start = performance.now();
    this.exec("FAKE.loadCpu = FAKE.cpuMs()", "cpu");
    this.exec(save.LuaScript, "Global.lua");
    this.call(`if onLoad ~= nil then onLoad(${longString(save.LuaScriptState ?? "")}) end FAKE.loadCpu = FAKE.cpuMs() - FAKE.loadCpu`);
    this.loadMs = performance.now() - start;
    this.loadCpuMs = Number(this.call("return FAKE.loadCpu"));
    // TTS runs frames after onLoad: the XmlUI finishes loading, spawns complete.
    this.settle();
  }

  /** The interpreter this table runs in. */
  get luaKind(): LuaKind {
    return this.lua.kind;
  }

  /** Runs raw Lua at the top level (errors thrown as JS errors). */
  private exec(source: string, name: string): void {
    this.lua.run(source, name);
  }

  /** Runs Lua statements; `return <string expr>` to get a value back. */
  call(body: string): string {
    const src = `local ok, v = pcall(function() ${body}\nend)\nif not ok then return "error\\n" .. FAKE.message(v) end\nreturn "ok\\n" .. tostring(v)`;
    const out = this.lua.run(src, "call");
    const nl = out.indexOf("\n");
    if (out.slice(0, nl) !== "ok") throw new Error(`Lua error: ${out.slice(nl + 1)}`);
    return out.slice(nl + 1);
  }

  /** Presses a UI button: TTS calls the global named in onClick with (player, value, id). */
  click(fn: string, color = "White"): void {
    this.call(`${fn}(Player[${JSON.stringify(color)}], "", "")`);
    this.settle();
  }

  /** Starts a game (the last `bots` seats played by the script, match option `choice`) and lets the deal land. */
  startSeeded(players: number, seed: string, bots = 0, choice = 0): string {
    const r = this.call(`return syzygyStartSeeded(${players}, ${JSON.stringify(seed)}, ${bots}, ${choice})`);
    this.settle();
    return r;
  }

  /** A player drops card `note` at (x, z): "dropped", "not interactable", "refused", "not yours" or "missing". */
  drop(color: string, note: string, x = 0, z = 0): string {
    const r = this.call(`return FAKE.drop(${JSON.stringify(color)}, ${JSON.stringify(note)}, ${x}, ${z})`);
    this.settle();
    return r;
  }

  /** A player picks a card up (onObjectPickUp): "held", "not interactable", "refused", "not yours" or "missing". */
  pickUp(color: string, note: string): string {
    return this.call(`return FAKE.pickUp(${JSON.stringify(color)}, ${JSON.stringify(note)})`);
  }

  /** The held card is let go at (x, z) (onObjectDrop). */
  release(color: string, x = 0, z = 0): string {
    return this.call(`return FAKE.release(${JSON.stringify(color)}, ${x}, ${z})`);
  }

  /** Lets a few frames pass: spawns finish, merges happen, zero-delay timers run. */
  settle(): void {
    this.advance(0.2);
  }

  advance(seconds: number): void {
    this.call(`FAKE.advance(${seconds})`);
  }

  snapshot(): Snapshot {
    return JSON.parse(this.call("return FAKE.snapshot()")) as Snapshot;
  }

  messages(): Message[] {
    return JSON.parse(this.call("return FAKE.takeMessages()")) as Message[];
  }

  /** Emulator-level problems (e.g. the script moved a locked object). */
  errors(): string[] {
    return JSON.parse(this.call("return FAKE.json.encode(FAKE.errors)")) as string[];
  }

  /** Card notes in `color`'s hand zone, sorted. */
  hand(color: string): string[] {
    return this.snapshot()
      .objects.filter((o) => o.hand === color && o.name === "Card")
      .map((o) => o.note)
      .sort();
  }

  /** Card notes in `color`'s hand in the order the player holds them. */
  handRow(color: string): string[] {
    return this.snapshot()
      .objects.filter((o) => o.hand === color)
      .sort((a, b) => a.handIndex - b.handIndex)
      .map((o) => o.note);
  }

  /** Every colour's hand from one snapshot (cheaper than hand() per colour). */
  hands(): Record<string, string[]> {
    const out = JSON.parse(this.call("return FAKE.handsJson()")) as Record<string, string[]> | [];
    const hands: Record<string, string[]> = Array.isArray(out) ? {} : out;
    for (const k of Object.keys(hands)) {
      if (hands[k].length === 0) delete hands[k];
      else hands[k].sort();
    }
    return hands;
  }

  ui(id: string, attr = "value"): string | undefined {
    const v = this.call(`local e = FAKE.ui[${JSON.stringify(id)}] if e == nil or e[${JSON.stringify(attr)}] == nil then return "<none>" end return e[${JSON.stringify(attr)}]`);
    return v === "<none>" ? undefined : v;
  }

  /** TTS's save: the current objects plus whatever onSave returns. */
  saveGame(): SaveJson {
    const state = this.call("if onSave == nil then return '' end local s = onSave() if s == nil then return '' end return s");
    const objects = JSON.parse(this.call("return FAKE.saveObjects()")) as unknown[];
    return { ...this.save, ObjectStates: objects, LuaScriptState: state };
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.lua.close();
  }
}
