import { describe, expect, it } from 'vitest';
import { appCommands } from './app-commands';
import { paletteScore } from './palette-filter';

const ranked = (search: string) =>
  appCommands
    .map((command) => ({
      title: command.title,
      score: paletteScore(command.title, search, command.keywords),
    }))
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score)
    .map(({ title }) => title);

describe('palette ranking', () => {
  it('puts a command whose name holds the word ahead of keyword and fuzzy matches', () => {
    // 'Suggested actions' has the keyword 'feeds'; 'Go to Feed sources' has the word itself.
    expect(ranked('feed')[0]).toBe('Go to Feed sources and ingestion health');
    expect(ranked('feed')).toContain('Suggested actions');
  });

  it('ranks the phrase typed above its words scattered ("go to activity")', () => {
    expect(ranked('go to activity')[0]).toBe('Go to activity…');
  });

  it('ranks a word start above a match inside a word, and that above a fuzzy one', () => {
    expect(paletteScore('Sign Out', 'out')).toBeGreaterThan(paletteScore('Go to activity', 'out'));
    const wordStart = paletteScore('Show keyboard shortcuts', 'key');
    const inside = paletteScore('Show keyboard shortcuts', 'board');
    expect(wordStart).toBeGreaterThan(inside);
    expect(inside).toBeGreaterThan(2);
    const fuzzy = paletteScore('Go to Disease Activity Index', 'gdai');
    expect(fuzzy).toBeGreaterThan(0);
    expect(fuzzy).toBeLessThanOrEqual(1);
  });
});
