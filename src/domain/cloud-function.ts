// Cloud functions (spec 2 §2 'Cloud function dialogs', §5, §8): the XXX placeholder rule, the messages, and the form.
import { z } from 'zod';
import { idSchema } from '@/contracts/bounds';

export const PARAMETER_PLACEHOLDER = 'XXX';
export const CLOUD_FUNCTION_FAILED = 'Failed to call cloud function, please try again.';
export const cloudFunctionSuccess = (functionType: string, argument: string) =>
  `Successfully called Cloud Function ${functionType}: ${argument}`;

/** The argument sent: the definition's argument with XXX replaced by the parameter when the function needs one. */
export function argumentWith(argument: string, parameter: string | null, paramsRequired: boolean): string {
  return paramsRequired ? argument.split(PARAMETER_PLACEHOLDER).join((parameter ?? '').trim()) : argument;
}

export const cloudFunctionCallSchema = z.object({
  entityId: idSchema,
  functionType: z.string().min(1, 'Function is required').max(64),
  argument: z.string().max(256),
  parameter: z.string().max(64).nullable(),
});

/** The dialog's form: a function, and a parameter when the chosen one requires it. */
export function cloudFunctionFormSchema(paramsRequired: boolean) {
  return z
    .object({ functionType: z.string().min(1, 'Function is required'), parameter: z.string() })
    .superRefine((v, ctx) => {
      if (!paramsRequired) return;
      if (v.parameter.trim() === '')
        ctx.addIssue({ code: 'custom', path: ['parameter'], message: 'Parameter is required' });
      else if (v.parameter.length > 64)
        ctx.addIssue({ code: 'custom', path: ['parameter'], message: 'Parameter must be at most 64 characters' });
    });
}
