/**
 * npm test and test:long are repeatable: every fast-check property starts from one fixed seed
 * (a failure reproduces with the same command). `npm run fuzz` (SYZYGY_FUZZ_RUNS set) explores
 * with a fresh seed each run and prints it on a failure.
 */
import fc from "fast-check";

if (process.env.SYZYGY_FUZZ_RUNS === undefined) fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: 20261202 });
