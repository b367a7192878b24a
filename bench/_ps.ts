import { writeFileSync } from "node:fs";
import { peerJob, scaling, formatBuildsBench } from "./builds";
const peer = peerJob(Number(process.env.RUNS ?? 1));
writeFileSync("/tmp/perf/peer.json", JSON.stringify(peer, null, 2));
const sc = scaling((process.env.SIZES ?? "52,520,2000").split(",").map(Number));
writeFileSync("/tmp/perf/scaling.json", JSON.stringify(sc, null, 2));
console.log(formatBuildsBench({ tts: { load: [0,0,0,0,0,0], withTts: { what: "", runs: 0, wallMs: 1 }, noTts: { what: "", runs: 0, wallMs: 1 }, wallRatio: 0, cpuRatio: 0 }, peer, scaling: sc }));
