/** zod schemas of Resource Graph answers; part of the validation bundle (see model/validation.ts). */
import * as z from 'zod';

export const graphRowSchema = z.looseObject({
  id: z.string(),
  name: z.string().nullish(),
  type: z.string().nullish(),
  location: z.string().nullish(),
  subscriptionId: z.string(),
  properties: z.record(z.string(), z.unknown()).nullish(),
});
export type GraphRow = z.infer<typeof graphRowSchema>;

export const queryResponseSchema = z.looseObject({
  totalRecords: z.number().nullish(),
  count: z.number().nullish(),
  resultTruncated: z.union([z.string(), z.boolean()]).nullish(),
  $skipToken: z.string().nullish(),
  data: z.array(graphRowSchema),
});
