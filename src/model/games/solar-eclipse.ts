/** zod schema of data/solar-eclipse/rules.yaml — owned by the solar-eclipse engine; placeholder until it lands. */
import { z } from "zod";

export const rulesSchema = z.object({ rules: z.record(z.string(), z.unknown()) }).strict();
