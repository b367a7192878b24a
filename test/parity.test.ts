/** Node ⇄ Lua parity, shard 1 of 2 (see test/lua/parity-suite.ts). */
import { defineParitySuite } from "./lua/parity-suite";

defineParitySuite(0, 2);
