/**
 * Adapter from the data model (src/model) to what the renderer needs. Only shapes change here;
 * every printed value is already resolved by the model.
 */
import type { Component, GameModel, Item, Shape } from "../model/types";
import type { CutShape, RenderComponent, RenderGame, RenderItem } from "./types";

function cutShape(shape: Shape): CutShape {
  if (shape.kind === "circle") return { type: "circle" };
  if (shape.kind === "sector") return { type: "pie", slices: Math.max(1, Math.round(360 / shape.degrees)) };
  return { type: "rect", radius: shape.cornerRadius };
}

/** Colour role used for a style's icon in running text: the first role present. */
const ICON_ROLES = ["symbol", "icon", "suit", "accent", "primary", "ink", "text"];

function iconColors(model: GameModel): Record<string, string> {
  const out: Record<string, string> = {};
  for (const style of model.styles) {
    if (style.symbol === undefined) continue;
    const role = ICON_ROLES.find((r) => style.colours[r] !== undefined);
    if (role !== undefined) out[style.symbol] = style.colours[role];
  }
  return out;
}

function itemValues(item: Item): Record<string, unknown> {
  return {
    ...item.fields,
    name: item.name,
    index: item.index,
    title: item.title,
    subtitle: item.subtitle,
    text: item.text,
    flavor: item.flavor,
    style: item.style,
    colours: item.colours,
    set: item.set,
    image: item.image,
    sections: item.sections,
    copies: item.copies,
  };
}

function renderItem(component: Component, item: Item): RenderItem {
  const out: RenderItem = { id: item.id, copies: item.copies, values: itemValues(item) };
  if (item.at !== undefined) out.at = item.at;
  if (item.templates.face.name !== component.templates.face.name) out.faceTemplate = item.templates.face.name;
  if (component.backs === "per-item" && item.templates.back) out.backTemplate = item.templates.back.name;
  return out;
}

export function renderComponent(component: Component): RenderComponent {
  return {
    id: component.id,
    kind: component.kind,
    title: component.name,
    width: component.size.width,
    height: component.size.height,
    shape: cutShape(component.shape),
    faceTemplate: component.templates.face.name,
    backTemplate: component.backs === "shared" ? component.templates.back?.name : undefined,
    values: { name: component.name, description: component.description, colours: component.colours, sets: component.sets, count: component.count, image: component.image },
    items: component.items.map((i) => renderItem(component, i)),
  };
}

export function renderGameFrom(model: GameModel): RenderGame {
  return {
    id: model.id,
    title: model.name,
    values: { name: model.name, version: model.version, palette: model.palette, players: model.players, styles: model.styles },
    iconColors: iconColors(model),
    icons: model.icons,
    ...(model.fonts.length > 0 ? { fonts: model.fonts } : {}),
    components: model.components.map(renderComponent),
    assetRoots: [model.paths.dataDir],
  };
}
