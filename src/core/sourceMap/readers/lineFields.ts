/** A line's fields, each with whether it was written in quotes (a line break in quotes ends the look early: fine). */
export function fieldsOf(line: string, delimiter: string): { text: string; inQuotes: boolean }[] {
  const out: { text: string; inQuotes: boolean }[] = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let j = i + 1;
      let text = "";
      while (j < line.length) {
        if (line[j] === '"' && line[j + 1] === '"') {
          text += '"';
          j += 2;
        } else if (line[j] === '"') break;
        else text += line[j++];
      }
      out.push({ text, inQuotes: true });
      const next = line.indexOf(delimiter, j);
      if (next < 0) break;
      i = next + delimiter.length;
    } else {
      const next = line.indexOf(delimiter, i);
      out.push({ text: (next < 0 ? line.slice(i) : line.slice(i, next)).trim(), inQuotes: false });
      if (next < 0) break;
      i = next + delimiter.length;
    }
  }
  return out;
}
