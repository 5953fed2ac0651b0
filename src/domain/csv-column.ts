// A column an upload expects: declared by the domain's bulk rules, read by the CSV codec (src/codec/csv-parse.ts).
export interface CsvColumn<K extends string = string> {
  key: K;
  header: string;
  /** Other header spellings accepted for this column. */
  aliases?: readonly string[];
  required?: boolean;
}
