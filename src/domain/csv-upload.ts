// CSV upload rules shared by the bulk site, device, emission-target and sensor-configuration uploads (spec 1 §5,
// spec 2 §5, spec 3 §5): a file is required, and it must carry a CSV or Excel-CSV MIME type.
export const CSV_UPLOAD_MESSAGES = {
  required: 'A CSV file is required',
  wrongType: 'The file must be in CSV file format',
  unreadable: 'Error reading file object',
} as const;

export const CSV_MIME_TYPES: readonly string[] = ['text/csv', 'application/vnd.ms-excel'];

export interface ChosenUpload {
  name: string;
  type: string;
  size: number;
}

/** Null when the file may be uploaded; otherwise the spec's message. An empty file counts as no file. */
export function checkCsvUpload(file: ChosenUpload | null | undefined): string | null {
  if (!file || file.size === 0) return CSV_UPLOAD_MESSAGES.required;
  return CSV_MIME_TYPES.includes(file.type.toLowerCase()) ? null : CSV_UPLOAD_MESSAGES.wrongType;
}
