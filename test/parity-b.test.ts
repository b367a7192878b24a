/** Node ⇄ Lua parity, shard 2 of 2 (see test/lua/parity-suite.ts). */
import { defineParitySuite } from "./lua/parity-suite";

defineParitySuite(1, 2);
