/** Every CLI command, one module each. Add a command by adding its register function here. */
import type { Command } from "commander";

export type RegisterCommand = (program: Command) => void;

import { register as registerReplay } from "./replay";
import { register as registerSimulate } from "./simulate";
import { register as registerBuild } from "./build";
import { register as registerMeld } from "./meld";
import { register as registerValidate } from "./validate";
import { register as registerList } from "./list";
import { register as registerTts } from "./tts";
import { register as registerWatch } from "./watch";
import { register as registerPod } from "./pod";
import { register as registerExportCsv } from "./export-csv";
import { register as registerNew } from "./new";

// Listed in --help in this order: data, outputs, engines.
export const COMMANDS: RegisterCommand[] = [registerNew, registerValidate, registerList, registerExportCsv, registerBuild, registerPod, registerTts, registerWatch, registerReplay, registerSimulate, registerMeld];
