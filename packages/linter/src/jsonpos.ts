/** Where keys sit in a JSON document, so that a configuration error can name its line. */

export type JsonPath = readonly (string | number)[];

export function pathKey(path: JsonPath): string {
  return JSON.stringify(path);
}

/**
 * The 1-based line of every object key and array element of valid JSON text, by `pathKey`. The
 * text must already have parsed with JSON.parse: this only walks it.
 */
export function jsonLines(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  let i = 0;
  let line = 1;
  const ws = () => {
    while (i < text.length && /[\s\uFEFF]/.test(text[i] as string)) if (text[i++] === "\n") line++;
  };
  const string = (): string => {
    const start = i;
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (path: (string | number)[]): void => {
    ws();
    const c = text[i];
    if (c === "{") {
      i++;
      for (ws(); text[i] !== "}"; ws()) {
        if (text[i] === ",") {
          i++;
          ws();
        }
        const at = line;
        const key = string();
        lines.set(pathKey([...path, key]), at);
        ws();
        i++; // ':'
        value([...path, key]);
      }
      i++;
    } else if (c === "[") {
      i++;
      let n = 0;
      for (ws(); text[i] !== "]"; ws()) {
        if (text[i] === ",") {
          i++;
          ws();
        }
        lines.set(pathKey([...path, n]), line);
        value([...path, n++]);
      }
      i++;
    } else if (c === '"') string();
    else while (i < text.length && !/[\s,\]}]/.test(text[i] as string)) i++;
  };
  value([]);
  return lines;
}

/** The line of a character offset. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < Math.min(offset, text.length); i++) if (text[i] === "\n") line++;
  return line;
}
