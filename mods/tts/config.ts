/** The save's SYZYGY_CONFIG table (see src/table/config.ts). */
import type { SaveConfig } from "../../src/table/config";

export type { SaveConfig } from "../../src/table/config";

declare const SYZYGY_CONFIG: SaveConfig;

export function saveConfig(): SaveConfig {
  return SYZYGY_CONFIG;
}
