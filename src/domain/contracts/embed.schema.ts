/** GET /api/embed as a zod schema: who may embed the storefront (one setting, FRAME_ANCESTORS). */
import { z } from 'zod';

export const embedSettingsSchema = z
  .strictObject({
    origins: z.array(z.string()).describe('The origins allowed to frame the shop (CSP frame-ancestors), the only partners of its postMessage calls'),
  })
  .meta({ id: 'EmbedSettings' });
export type EmbedSettings = z.infer<typeof embedSettingsSchema>;
