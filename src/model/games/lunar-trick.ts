/** zod schema of data/lunar-trick/rules.yaml — owned by the lunar-trick engine; placeholder until it lands. */
import { z } from "zod";

export const rulesSchema = z.object({ rules: z.record(z.string(), z.unknown()) }).strict();
