// Server error format (spec 1 §8): an 'errors' map of field to messages, or a 'detail' string.
import { z } from 'zod';

export const apiErrorSchema = z.object({
  errors: z.record(z.string(), z.array(z.string())).optional(),
  detail: z.string().optional(),
});
