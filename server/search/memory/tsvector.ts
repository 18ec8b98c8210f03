/**
 * Reads PostgreSQL's text output of a tsvector (`'cases':3 'new':2,5A`): each lexeme with its
 * number of positions (its term frequency; 1 when the vector carries no positions). The
 * in-memory postings are built from the very lexemes the SQL executor matches against, so
 * both engines agree on tokenisation (hyphenated compounds, signed numbers, URLs).
 */
export function parseTsvector(text: string, visit: (lexeme: string, tf: number) => void): void {
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
    let tf = 1;
    if (text.charCodeAt(i) === 58) {
      i++;
      while (i < n && text.charCodeAt(i) !== 32) {
        if (text.charCodeAt(i) === 44) tf++;
        i++;
      }
    }
    visit(lexeme, tf);
  }
}
