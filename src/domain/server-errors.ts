// Server validation errors onto form fields (spec 1 §5): first letter of each path segment lowercased, messages
// joined with spaces; errors under an empty key become the general message.
export interface MappedErrors {
  fields: Record<string, string>;
  general: string | null;
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

export function mapServerErrors(errors: Record<string, readonly string[]>): MappedErrors {
  const fields: Record<string, string> = {};
  const general: string[] = [];
  for (const [key, messages] of Object.entries(errors)) {
    if (key === '' || key === 'GlobalErrors') {
      general.push(...messages);
      continue;
    }
    const path = key
      .replace(/\[(\d+)\]/g, '.$1')
      .split('.')
      .map(lowerFirst)
      .join('.');
    fields[path] = [fields[path], ...messages].filter(Boolean).join(' ');
  }
  return { fields, general: general.length ? general.join(' ') : null };
}
