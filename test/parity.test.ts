/** Node ⇄ Lua parity of every engine, first half of each config's seeds (see test/lua/parity-suite.ts). */
import { defineParitySuite } from "./lua/parity-suite";

defineParitySuite(0, 2);
