/** zod schema of data/eclipsed/rules.yaml — owned by the eclipsed engine; placeholder until it lands. */
import { z } from "zod";

export const rulesSchema = z.object({ rules: z.record(z.string(), z.unknown()) }).strict();
