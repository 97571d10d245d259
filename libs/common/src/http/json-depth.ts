const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

/**
 * Whether JSON text nests objects and arrays deeper than `maxDepth`, read in one pass over its
 * bytes before it is parsed (brackets inside strings do not count; UTF-8 continuation bytes are
 * never ASCII, so bytes can be read one by one). Malformed text is left to the parser.
 */
export function nestsDeeperThan(json: Uint8Array, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i += 1) {
    const byte = json[i];
    if (inString) {
      if (byte === BACKSLASH) i += 1;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) depth -= 1;
  }
  return false;
}
