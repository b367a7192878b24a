export * from "./types";
export * from "./rng";
export * from "./util";
export * from "./commits";
export * from "./serialize";
