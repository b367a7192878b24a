import { defineConfig } from "vitest/config";

/**
 * `npm run test:add-game` (CI runs it; too slow for npm test): test/add-game.proof.ts adds an
 * engine game and a data-only game to a copy of the project and runs its whole `npm test`, then
 * the print tests npm test leaves out (LONG_FILES), and checks they ran cases naming the new games.
 */
export default defineConfig({
  test: {
    include: ["test/add-game.proof.ts"],
    testTimeout: 3_600_000,
    hookTimeout: 600_000,
    pool: "forks",
    maxWorkers: 1,
  },
});
