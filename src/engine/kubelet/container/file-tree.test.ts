import { describe, expect, it } from 'vitest';
import { FileTree } from './file-tree';

describe('FileTree lazy files', () => {
  it('computes the content on first read only, keeps its mode, and is a file in its directory', () => {
    const tree = new FileTree();
    let computed = 0;
    tree.putLazyFile('/sa/token', { text: () => `token-${++computed}` }, 0o600);
    expect(computed).toBe(0);
    expect(tree.children('/sa')).toEqual(['token']);
    const node = tree.get('/sa/token');
    expect(node?.kind).toBe('file');
    expect(node?.kind === 'file' && node.content).toBe('token-1');
    expect(node?.kind === 'file' && node.content).toBe('token-1');
    expect(node?.kind === 'file' && node.mode).toBe(0o600);
    expect(computed).toBe(1);
  });

  it('has no mode when none is given, and a clone shares the computed content', () => {
    const tree = new FileTree();
    tree.putLazyFile('/f', { text: () => 'x' });
    const node = tree.get('/f');
    expect(node?.kind === 'file' && node.mode).toBeUndefined();
    const copy = tree.clone();
    expect(copy.get('/f')).toBe(node);
  });
});
