/** The save's XmlUI: Start buttons per player count, status and scores lines, the seed. */
import {
  ABANDON_FUNCTION,
  BOTS_FUNCTION,
  NUMBER_CHOOSE_FUNCTION,
  NUMBER_DOWN_FUNCTION,
  NUMBER_UP_FUNCTION,
  OPTION_FUNCTION,
  REPAIR_FUNCTION,
  START_FUNCTION_PREFIX,
  UI_BOTS,
  UI_NUMBER,
  UI_OPTION,
  UI_SCORES,
  UI_SEED,
  UI_START_PANEL,
  UI_STATUS,
} from "../table/ui-ids";
import type { GameButton } from "../table/adapter";

function escapeXml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

export function buildXmlUi(gameName: string, minPlayers: number, maxPlayers: number, gameButtons: GameButton[] = [], numberLabel = ""): string {
  const actions = gameButtons.map((b) => `      <Button onClick="syzygy_${b.id}" fontSize="13">${escapeXml(b.label)}</Button>`);
  // The shared number picker (a game's adapter gives it a label when it has a use for it).
  const picker =
    numberLabel === ""
      ? []
      : [
          `    <HorizontalLayout spacing="4">`,
          `      <Text fontSize="13" color="#FFFFFF">${escapeXml(numberLabel)}</Text>`,
          `      <Button onClick="${NUMBER_DOWN_FUNCTION}" fontSize="14">−</Button>`,
          `      <Text id="${UI_NUMBER}" fontSize="11" color="#AAAAAA">told to you only</Text>`,
          `      <Button onClick="${NUMBER_UP_FUNCTION}" fontSize="14">+</Button>`,
          `      <Button onClick="${NUMBER_CHOOSE_FUNCTION}" fontSize="13">Choose</Button>`,
          `    </HorizontalLayout>`,
        ];
  const buttons: string[] = [];
  for (let n = minPlayers; n <= maxPlayers; n++) {
    buttons.push(`    <Button onClick="${START_FUNCTION_PREFIX}${n}" fontSize="18">Start: ${n} players</Button>`);
  }
  return [
    `<Panel id="syzygy-hud" rectAlignment="UpperRight" offsetXY="-10 -60" width="360" height="${(actions.length > 0 ? 318 : 268) + (picker.length > 0 ? 32 : 0)}" color="rgba(0,0,0,0.7)">`,
    `  <VerticalLayout padding="8 8 6 6" spacing="2">`,
    `    <Text fontSize="18" color="#FFD966" alignment="MiddleLeft">${escapeXml(gameName)}</Text>`,
    `    <Text id="${UI_STATUS}" fontSize="15" color="#FFFFFF" alignment="MiddleLeft">Press Start to deal.</Text>`,
    `    <Text id="${UI_SCORES}" fontSize="15" color="#FFFFFF" alignment="MiddleLeft"></Text>`,
    `    <Text id="${UI_SEED}" fontSize="11" color="#AAAAAA" alignment="MiddleLeft"></Text>`,
    ...(actions.length > 0 ? [`    <GridLayout cellSize="170 30" spacing="4 4">`, ...actions, `    </GridLayout>`] : []),
    ...picker,
    `    <Button onClick="syzygyReplayLog" fontSize="12">Print replay log (for syzygy replay)</Button>`,
    `    <Button onClick="${ABANDON_FUNCTION}" fontSize="12">Abandon game (press twice)</Button>`,
    `    <Button onClick="syzygyCheckTable" fontSize="12">Check this table (self-check)</Button>`,
    `    <Button onClick="${REPAIR_FUNCTION}" fontSize="12">Repair table</Button>`,
    `  </VerticalLayout>`,
    `</Panel>`,
    `<Panel id="${UI_START_PANEL}" rectAlignment="MiddleCenter" width="360" height="${60 * (maxPlayers - minPlayers + 1) + 20 + 2 * 44}" color="rgba(0,0,0,0.8)">`,
    `  <VerticalLayout padding="10 10 10 10" spacing="10">`,
    `    <Button id="${UI_BOTS}" onClick="${BOTS_FUNCTION}" fontSize="14">Bots: none</Button>`,
    `    <Button id="${UI_OPTION}" onClick="${OPTION_FUNCTION}" fontSize="14">Match options</Button>`,
    ...buttons,
    `  </VerticalLayout>`,
    `</Panel>`,
    "",
  ].join("\n");
}
