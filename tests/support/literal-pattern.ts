/**
 * A pattern matching `text` literally: activity and place names hold regular-expression
 * characters ("Middle East respiratory syndrome (MERS)"), and a name built into a RegExp
 * unescaped matches something else.
 */
export const literalPattern = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
