/** The schema kit handed to every game's `schemas` (see src/engine/kit/schema-kit.ts). */
import { z } from "zod";
import type { SchemaKit } from "../../engine/kit/schema-kit";
import { show } from "../diagnostics";
import { id, intIn, printedFields } from "./common";

export const SCHEMA_KIT: SchemaKit = {
  z,
  card: (fields) => z.strictObject({ id, name: z.string().min(1), ...printedFields, ...fields }),
  id,
  intIn,
  show,
};
