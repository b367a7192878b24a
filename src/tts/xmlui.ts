/** The save's XmlUI: Start buttons per player count, status and scores lines, the seed. */
import {
  ABANDON_FUNCTION,
  BOTS_FUNCTION,
  OPTION_FUNCTION,
  REPAIR_FUNCTION,
  START_FUNCTION_PREFIX,
  UI_BOTS,
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

export function buildXmlUi(gameName: string, minPlayers: number, maxPlayers: number, gameButtons: GameButton[] = []): string {
  const actions = gameButtons.map((b) => `      <Button onClick="syzygy_${b.id}" fontSize="13">${escapeXml(b.label)}</Button>`);
  const buttons: string[] = [];
  for (let n = minPlayers; n <= maxPlayers; n++) {
    buttons.push(`    <Button onClick="${START_FUNCTION_PREFIX}${n}" fontSize="18">Start: ${n} players</Button>`);
  }
  return [
    `<Panel id="syzygy-hud" rectAlignment="UpperRight" offsetXY="-10 -60" width="360" height="${actions.length > 0 ? 318 : 268}" color="rgba(0,0,0,0.7)">`,
    `  <VerticalLayout padding="8 8 6 6" spacing="2">`,
    `    <Text fontSize="18" color="#FFD966" alignment="MiddleLeft">${escapeXml(gameName)}</Text>`,
    `    <Text id="${UI_STATUS}" fontSize="15" color="#FFFFFF" alignment="MiddleLeft">Press Start to deal.</Text>`,
    `    <Text id="${UI_SCORES}" fontSize="15" color="#FFFFFF" alignment="MiddleLeft"></Text>`,
    `    <Text id="${UI_SEED}" fontSize="11" color="#AAAAAA" alignment="MiddleLeft"></Text>`,
    ...(actions.length > 0 ? [`    <GridLayout cellSize="170 30" spacing="4 4">`, ...actions, `    </GridLayout>`] : []),
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
