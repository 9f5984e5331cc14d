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

describe('FileTree projected files', () => {
  it('gives trees with the same projected file one node, and a write to one tree leaves the other as it was', () => {
    const files = () =>
      new Map([
        ['ca.crt', { content: 'CERT', mode: 0o644 }],
        ['namespace', { content: 'default', mode: 0o644 }],
        ['dir/plain', { content: 'x' }],
      ]);
    const a = new FileTree();
    const b = new FileTree();
    a.replaceAll(files());
    b.replaceAll(files());
    expect(a.get('/ca.crt')).toBe(b.get('/ca.crt'));
    expect(a.get('/ca.crt')).toEqual({ kind: 'file', content: 'CERT', mode: 0o644 });
    expect(a.get('/dir/plain')).toEqual({ kind: 'file', content: 'x' });
    expect(a.children('/')).toEqual(['ca.crt', 'dir', 'namespace']);
    a.setFile('/ca.crt', 'OTHER', 0o644);
    expect(b.get('/ca.crt')).toEqual({ kind: 'file', content: 'CERT', mode: 0o644 });
    // Same content, another mode: another node.
    const c = new FileTree();
    c.replaceAll(new Map([['ca.crt', { content: 'CERT', mode: 0o600 }]]));
    expect(c.get('/ca.crt')).toEqual({ kind: 'file', content: 'CERT', mode: 0o600 });
  });
});
