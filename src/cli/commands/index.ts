/** Every CLI command, one module each. Add a command by adding its register function here. */
import type { Command } from "commander";

export type RegisterCommand = (program: Command) => void;

export const COMMANDS: RegisterCommand[] = [];
