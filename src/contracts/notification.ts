// Notification subscription answers (spec 2 §3 'Subscription edit', §7).
import { z } from 'zod';
import { subscriptionEditSchema } from '@/domain/notifications';

const option = z.object({ id: z.number().int(), name: z.string() });

export const subscriptionEditAnswerSchema = subscriptionEditSchema.extend({
  userEmail: z.string(),
  options: z.object({ businessUnits: z.array(option), assetAreas: z.array(option), siteGroups: z.array(option) }),
});
