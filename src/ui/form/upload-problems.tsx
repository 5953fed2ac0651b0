// What a bulk upload dialog shows when rows have problems (sites, devices): the summary and each row's messages.
export type RowProblems = [row: string, messages: string[]][];

/** The CSV worker's row errors grouped by row ('Row n'), without the 'Row n: ' the messages start with. */
export function groupRowErrors(errors: readonly { row: number; message: string }[]): RowProblems {
  const byRow = new Map<string, string[]>();
  for (const e of errors)
    byRow.set(`Row ${e.row}`, [...(byRow.get(`Row ${e.row}`) ?? []), e.message.replace(/^Row \d+: /, '')]);
  return [...byRow];
}

/** The problems stage of a file whose rows the CSV worker could not read. */
export function unreadableRows(errors: readonly { row: number; message: string }[]): {
  message: string;
  rows: RowProblems;
} {
  const rows = groupRowErrors(errors);
  return { message: `${rows.length} row(s) could not be read; nothing will be changed.`, rows };
}

export function UploadProblems({ message, rows }: { message: string; rows: RowProblems }) {
  return (
    <div className="alert alert-error flex-col items-start" role="alert">
      <p className="font-medium">{message}</p>
      <ul className="max-h-48 w-full list-disc overflow-auto pl-5 text-sm">
        {rows.map(([row, messages]) => (
          <li key={row}>
            {row}: {messages.join(' ')}
          </li>
        ))}
      </ul>
    </div>
  );
}
