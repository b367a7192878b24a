/** Ids shared by the XmlUI the save builder writes (src/tts/xmlui.ts) and the script that updates it. */
export const UI_START_PANEL = "syzygy-start";
export const UI_STATUS = "syzygy-status";
export const UI_SCORES = "syzygy-scores";
export const UI_SEED = "syzygy-seed";
/** Global functions the Start buttons call: `syzygyStart<N>` for N players. */
export const START_FUNCTION_PREFIX = "syzygyStart";
/** Start panel: the button that cycles how many seats bots play, and the match option button. */
export const UI_BOTS = "syzygy-bots";
export const UI_OPTION = "syzygy-option";
/** Global functions those buttons call. */
export const BOTS_FUNCTION = "syzygyBots";
export const OPTION_FUNCTION = "syzygyOption";
/** Global function of the HUD's Abandon game button (confirmed by a second press). */
export const ABANDON_FUNCTION = "syzygyAbandon";
/** The HUD's shared number picker: its note (the value is told to each player alone) and the functions of −, + and Choose. */
export const UI_NUMBER = "syzygy-number";
export const NUMBER_DOWN_FUNCTION = "syzygyNumberDown";
export const NUMBER_UP_FUNCTION = "syzygyNumberUp";
export const NUMBER_CHOOSE_FUNCTION = "syzygyNumberChoose";
/** Global function of the HUD's Repair table button. */
export const REPAIR_FUNCTION = "syzygyRepair";
