/** zod schemas of ARM resource group answers; part of the validation bundle (see model/validation.ts). */
import * as z from 'zod';

export const resourceGroupSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  /** ARM region name (`westeurope`). */
  location: z.string(),
});
export type ResourceGroup = z.infer<typeof resourceGroupSchema>;

export const resourceGroupsPageSchema = z.looseObject({
  value: z.array(resourceGroupSchema),
  nextLink: z.string().nullish(),
});
