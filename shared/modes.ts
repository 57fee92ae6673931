import * as z from 'zod/mini';

export const ModeSchema = z.enum(['ask', 'act', 'dev']);
export type Mode = z.infer<typeof ModeSchema>;

export const TierSchema = z.enum(['compact', 'mid', 'full']);
export type Tier = z.infer<typeof TierSchema>;
