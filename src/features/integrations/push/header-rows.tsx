// The integration's header rows (spec 3 §5 'Integration'): key and value per row, each with its error, Remove and
// Add Header.
import type { FieldErrors, UseFieldArrayReturn, UseFormRegister } from 'react-hook-form';
import type { IntegrationInput } from '@/domain/integration';
import { invalidProps } from '@/ui/form/form-field';

export function HeaderRows({
  headers,
  register,
  errors,
}: {
  headers: UseFieldArrayReturn<IntegrationInput, 'headers'>;
  register: UseFormRegister<IntegrationInput>;
  errors: FieldErrors<IntegrationInput>['headers'];
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">Headers</legend>
      {headers.fields.length === 0 && (
        <p className="text-xs text-base-content/70">No headers: requests carry only Content-Type: application/json.</p>
      )}
      {headers.fields.map((h, i) => (
        <div key={h.id} className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)_auto] items-start gap-2">
          {(['key', 'value'] as const).map((part) => {
            const error = errors?.[i]?.[part]?.message;
            const id = `header-${i}-${part}`;
            return (
              <div key={part} className="grid gap-1">
                <input
                  className={`input input-sm w-full font-mono ${error ? 'input-error' : ''}`}
                  placeholder={part === 'key' ? 'Key' : 'Value'}
                  aria-label={`Header ${i + 1} ${part}`}
                  {...invalidProps(error, id)}
                  {...register(`headers.${i}.${part}`)}
                />
                {error && (
                  <span id={`${id}-error`} className="text-xs text-error">
                    {error}
                  </span>
                )}
              </div>
            );
          })}
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => headers.remove(i)}
            aria-label={`Remove header ${i + 1}`}
          >
            Remove
          </button>
        </div>
      ))}
      <div>
        <button type="button" className="btn btn-outline btn-xs" onClick={() => headers.append({ key: '', value: '' })}>
          Add Header
        </button>
      </div>
    </fieldset>
  );
}
