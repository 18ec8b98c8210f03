/** Receives each lexeme of a tsvector with its positions (in a shared buffer: copy what you keep). */
export interface TsvectorVisitor {
  visit(lexeme: string, positions: Uint32Array, tf: number): void;
}

/** PostgreSQL keeps at most 256 positions per lexeme (MAXNUMPOS). */
const positionBuffer = new Uint32Array(256);

/**
 * Reads PostgreSQL's text output of a tsvector (`'cases':3 'new':2,5A`): each lexeme with its
 * positions (weights dropped) and their number, its term frequency (1, at position 0, when the
 * vector carries none). The in-memory postings are built from the very lexemes and positions the
 * SQL executor matches against, so both engines agree on tokenisation (hyphenated compounds,
 * signed numbers, URLs) and on phrases.
 */
export function parseTsvector(text: string, visitor: TsvectorVisitor): void {
  const n = text.length;
  let i = 0;
  while (i < n) {
    while (i < n && text.charCodeAt(i) === 32) i++;
    if (i >= n) return;
    if (text.charCodeAt(i) !== 39) throw new Error(`tsvector: expected a quote at ${i}`);
    i++;
    let lexeme = '';
    let start = i;
    for (;;) {
      if (i >= n) throw new Error('tsvector: unterminated lexeme');
      const c = text.charCodeAt(i);
      if (c === 39) {
        if (text.charCodeAt(i + 1) === 39) {
          lexeme += text.slice(start, i + 1);
          i += 2;
          start = i;
          continue;
        }
        lexeme += text.slice(start, i);
        i++;
        break;
      }
      if (c === 92) {
        lexeme += text.slice(start, i);
        i++;
        start = i;
        i++;
        continue;
      }
      i++;
    }
    let tf = 0;
    if (text.charCodeAt(i) === 58) {
      i++;
      let position = 0;
      while (i < n) {
        const c = text.charCodeAt(i);
        if (c >= 48 && c <= 57) position = position * 10 + (c - 48);
        else if (c === 44 || c === 32) {
          if (tf < positionBuffer.length) positionBuffer[tf++] = position;
          position = 0;
          if (c === 32) break;
        }
        // A weight letter (A–D) after the digits: ignored.
        i++;
      }
      if (i >= n && tf < positionBuffer.length) positionBuffer[tf++] = position;
    } else {
      positionBuffer[tf++] = 0;
    }
    visitor.visit(lexeme, positionBuffer, tf);
  }
}
