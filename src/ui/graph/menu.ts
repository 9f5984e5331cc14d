// menu: the pure half of the graph's context menu — what a right-click (or the context-menu key)
// on a card, chip or zone region offers. The actions are the inspector's (src/ui/inspector/
// actions.ts), so the menu runs exactly the command lines the inspector's buttons run.

import { parseObjectKey } from '../../protocol/delta';
import type { ObjectKey } from '../../protocol/messages';
import type { ObjectMirror } from '../../protocol/mirror';
import { actionsFor, zoneActions, type ActionSpec } from '../inspector/actions';
import type { LayoutItem } from './layout';

export type MenuTarget = { kind: 'object'; key: ObjectKey } | { kind: 'zone'; zone: string };

export interface MenuGroup {
  /** Shown above the group's items; '' for the object's own actions. */
  label: string;
  actions: ActionSpec[];
}

export interface MenuModel {
  /** Accessible name of the menu, e.g. `Node node-a1 actions`. */
  label: string;
  /** Visible heading, e.g. `node-a1`. */
  title: string;
  /** The object to select for "Inspect", if any. */
  inspect: ObjectKey | null;
  groups: MenuGroup[];
}

/** The menu for a target, or null when the object is gone (or offers nothing). */
export function menuModel(target: MenuTarget, objects: ObjectMirror): MenuModel | null {
  if (target.kind === 'zone') {
    const label = `Zone ${target.zone}`;
    // every node's name, so "Add node" can pick a free one
    const nodeNames: string[] = [];
    for (const obj of objects.ofKind('Node').values()) nodeNames.push(obj.metadata.name ?? '');
    return {
      label: `${label} actions`,
      title: label,
      inspect: null,
      groups: [{ label: '', actions: zoneActions(target.zone, nodeNames) }],
    };
  }
  const obj = objects.get(target.key);
  if (!obj) return null;
  const { kind, namespace, name } = parseObjectKey(target.key);
  const groups = new Map<string, ActionSpec[]>();
  for (const a of actionsFor(obj)) {
    const g = a.group ?? '';
    groups.set(g, [...(groups.get(g) ?? []), a]);
  }
  const id = namespace ? `${namespace}/${name}` : name;
  return {
    label: `${kind} ${id} actions`,
    title: `${kind} ${id}`,
    inspect: target.key,
    groups: [...groups].map(([label, actions]) => ({ label, actions })),
  };
}

/** The keys that open a context menu from the keyboard: the Menu key and Shift+F10. */
export function isContextMenuKey(e: { key: string; shiftKey: boolean }): boolean {
  return e.key === 'ContextMenu' || (e.shiftKey && e.key === 'F10');
}

/** Roving focus in a menu of `count` items: the index a key moves to, or null if it is not a move. */
export function moveIndex(current: number, count: number, key: string): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowDown':
      return current < 0 ? 0 : (current + 1) % count;
    case 'ArrowUp':
      return current < 0 ? count - 1 : (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** The zone region (top-level zone item of the layout) under a point in flow coordinates. */
export function zoneAt(items: readonly LayoutItem[], point: { x: number; y: number }): string | null {
  for (const item of items) {
    if (item.type !== 'zone') continue;
    if (point.x >= item.x && point.x <= item.x + item.width && point.y >= item.y && point.y <= item.y + item.height) {
      return item.data.zone;
    }
  }
  return null;
}
