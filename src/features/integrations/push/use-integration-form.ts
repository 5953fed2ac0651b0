// The integration form's state: the domain's schema (a literal private address is refused before anything is
// sent), the header rows, and a save whose server errors land on their fields or above the form.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import type { Integration } from '@/contracts/integration';
import { INTEGRATION_MESSAGES, integrationFormSchema, type IntegrationInput } from '@/domain/integration';
import { parseCidrList } from '@/domain/network-address';
import { formErrorsOf } from '@/ui/form/form-errors';
import { useToast } from '@/ui/toasts';
import { useSaveIntegration } from './api';

export function useIntegrationForm({
  organizationId,
  editing,
  initial,
  allowedCidrs,
  onSaved,
}: {
  organizationId: number;
  editing: Integration | null;
  initial: IntegrationInput;
  allowedCidrs: readonly string[];
  onSaved: () => void;
}) {
  const toast = useToast();
  const save = useSaveIntegration();
  const [general, setGeneral] = useState<string | null>(null);
  const schema = useMemo(() => integrationFormSchema(parseCidrList(allowedCidrs.join(','))), [allowedCidrs]);
  const form = useForm<IntegrationInput>({ resolver: zodResolver(schema), defaultValues: initial });
  const headers = useFieldArray({ control: form.control, name: 'headers' });

  const onSubmit = async (values: IntegrationInput) => {
    setGeneral(null);
    try {
      await save.mutateAsync({ ...values, id: editing?.id ?? 0, organizationId });
      toast(editing ? INTEGRATION_MESSAGES.edited : INTEGRATION_MESSAGES.added, 'success');
      onSaved();
    } catch (error) {
      const mapped = formErrorsOf(error);
      for (const [path, message] of Object.entries(mapped.fields))
        form.setError(path as keyof IntegrationInput, { type: 'server', message });
      setGeneral(mapped.general);
    }
  };

  return { form, headers, general, busy: save.isPending, submit: form.handleSubmit(onSubmit) };
}
