/**
 * The `syzygy build` processes tests start run the build themselves: a standby
 * (src/cli/standby/, docs/standby.md) started by one test would serve another's build, with its
 * timing and memory, and outlive the run. test/standby.test.ts turns it back on for its own builds.
 */
process.env.SYZYGY_STANDBY ??= "0";
