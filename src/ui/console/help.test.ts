import { describe, expect, it } from 'vitest';
import { KUBECTL_FLAGS, KUBEPLAY_VERBS, PROGRAMS } from './completion-data';
import { consoleHelp, kubectlVerbs, PAGE_COMMANDS } from './help';

describe('console help', () => {
  const text = consoleHelp(100);
  it('names every program the console runs, and the page’s own commands', () => {
    for (const program of PROGRAMS) expect(text).toMatch(new RegExp(`^  ${program} `, 'm'));
    for (const command of PAGE_COMMANDS) expect(PROGRAMS).toContain(command);
  });
  it('lists every kubectl verb completion knows and every kubeplay group', () => {
    const verbs = kubectlVerbs();
    expect(verbs).toEqual([...new Set(Object.keys(KUBECTL_FLAGS).map((k) => k.split(' ')[0]))].sort());
    for (const verb of ['get', 'describe', 'rollout', 'drain', 'apply']) expect(verbs).toContain(verb);
    const words = new Set(text.split(/[\s·|]+/));
    for (const verb of verbs) expect(words).toContain(verb);
    for (const group of Object.keys(KUBEPLAY_VERBS)) expect(words).toContain(group);
    expect(text).toContain('node add|stop|start|disconnect');
  });
  it('wraps the verb lists to the terminal width it is given', () => {
    for (const width of [60, 100]) {
      const lists = consoleHelp(width)
        .split('\n')
        .filter((l) => /^ {4}\S/.test(l));
      expect(lists.length).toBeGreaterThan(2);
      // a line of several items fits; an item longer than the width stands alone
      const items = (line: string) =>
        line
          .trim()
          .replace(/ ·$/, '')
          .split(/[·|]/.test(line) ? ' · ' : ' ');
      for (const line of lists) if (items(line).length > 1) expect(line.length).toBeLessThanOrEqual(width);
    }
  });
});
