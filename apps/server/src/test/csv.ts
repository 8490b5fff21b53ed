/**
 * A CSV file's records as RFC 4180 reads them (quoted fields, doubled quotes, line breaks inside
 * quotes), after the byte-order mark: how a test reads an export back.
 */
export function parseCsv(file: string): string[][] {
  const text = file.startsWith("\uFEFF") ? file.slice(1) : file;
  const records: string[][] = [];
  let field = "";
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      record.push(field);
      field = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      i++;
    } else field += c;
  }
  return records;
}
