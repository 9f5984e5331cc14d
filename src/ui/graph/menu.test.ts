import { describe, expect, it } from 'vitest';
import { ObjectMirror } from '../../protocol/mirror';
import { node, pod } from './fixtures';
import { layoutGraph } from './layout';
import { isContextMenuKey, menuModel, moveIndex, zoneAt } from './menu';
import { deriveModel } from './model';

describe('menuModel', () => {
  const objects = ObjectMirror.of([node('node-a1', 'zone-a'), pod('web-1', 'node-a1')]);

  it('offers the inspector actions of a node, grouped as in the inspector', () => {
    const m = menuModel({ kind: 'object', key: 'Node//node-a1' }, objects)!;
    expect(m.label).toBe('Node node-a1 actions');
    expect(m.inspect).toBe('Node//node-a1');
    expect(m.groups.map((g) => g.label)).toEqual(['', 'Machine', 'Zone zone-a']);
    const lines = m.groups.flatMap((g) => g.actions.map((a) => a.line));
    expect(lines).toContain('kubectl cordon node-a1');
    expect(lines).toContain('kubeplay node stop node-a1');
    expect(lines).toContain('kubeplay zone partition zone-a');
  });

  it('names a pod with its namespace', () => {
    const m = menuModel({ kind: 'object', key: 'Pod/default/web-1' }, objects)!;
    expect(m.label).toBe('Pod default/web-1 actions');
    expect(m.groups[0].actions.map((a) => a.line)).toContain('kubectl delete pod web-1 -n default');
  });

  it('offers partition, heal and add node on a zone region, and nothing for a vanished object', () => {
    const m = menuModel({ kind: 'zone', zone: 'zone-b' }, objects)!;
    expect(m.label).toBe('Zone zone-b actions');
    expect(m.inspect).toBeNull();
    expect(m.groups[0].actions.map((a) => a.label)).toEqual(['Partition zone', 'Heal zone', 'Add node']);
    expect(m.groups[0].actions.slice(0, 2).map((a) => a.line)).toEqual([
      'kubeplay zone partition zone-b',
      'kubeplay zone heal zone-b',
    ]);
    expect(m.groups[0].actions[2].line).toMatch(/^kubeplay node add \S+ --zone zone-b$/);
    expect(menuModel({ kind: 'object', key: 'Pod/default/gone' }, objects)).toBeNull();
  });
});

describe('keyboard', () => {
  it('opens on the Menu key and Shift+F10 only', () => {
    expect(isContextMenuKey({ key: 'ContextMenu', shiftKey: false })).toBe(true);
    expect(isContextMenuKey({ key: 'F10', shiftKey: true })).toBe(true);
    expect(isContextMenuKey({ key: 'F10', shiftKey: false })).toBe(false);
    expect(isContextMenuKey({ key: 'Enter', shiftKey: true })).toBe(false);
  });

  it('moves through the items with wrap-around', () => {
    expect(moveIndex(-1, 3, 'ArrowDown')).toBe(0);
    expect(moveIndex(2, 3, 'ArrowDown')).toBe(0);
    expect(moveIndex(0, 3, 'ArrowUp')).toBe(2);
    expect(moveIndex(1, 3, 'Home')).toBe(0);
    expect(moveIndex(1, 3, 'End')).toBe(2);
    expect(moveIndex(1, 3, 'a')).toBeNull();
    expect(moveIndex(-1, 0, 'ArrowDown')).toBeNull();
  });
});

describe('zoneAt', () => {
  it('finds the zone region under a point', () => {
    const layout = layoutGraph(deriveModel([node('node-a1', 'zone-a'), node('node-b1', 'zone-b')]));
    const b = layout.items.find((i) => i.id === 'zone:zone-b')!;
    expect(zoneAt(layout.items, { x: b.x + 5, y: b.y + 5 })).toBe('zone-b');
    expect(zoneAt(layout.items, { x: -50, y: -50 })).toBeNull();
  });
});
