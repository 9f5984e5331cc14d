// ContextMenu: the graph's right-click menu (also the context-menu key or Shift+F10 on a focused
// card or chip). It lists the inspector's actions for the object or zone (menu.ts); choosing one
// sends its command line with bridge.action and brings the Console forward, where it is echoed.
// An action that needs a value (scale, set image…) asks for it in a small form in place; a
// destructive one (Drain, Partition zone, Delete) closes the menu and asks for confirmation in a
// dialog first (ConfirmActionDialog), focus returning to the card or zone afterwards.

import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { create } from 'zustand';
import { useBridge } from '../bridge-context';
import type { ActionSpec } from '../inspector/actions';
import { ConfirmActionDialog, needsConfirmation, type ConfirmableAction } from '../inspector/ConfirmActionDialog';
import { PromptField } from '../inspector/PromptField';
import type { ObjectKey } from '../../protocol/messages';
import { useSelection } from '../state/selection';
import { useKubeplay } from '../state/store';
import { menuModel, moveIndex, type MenuTarget } from './menu';

interface OpenMenu {
  target: MenuTarget;
  /** Viewport position of the menu's top-left corner. */
  x: number;
  y: number;
  /** Focused again when the menu closes. */
  returnFocus: HTMLElement | null;
}

interface GraphMenuState {
  menu: OpenMenu | null;
  /** A destructive action chosen in the menu, waiting for its confirmation. */
  confirming: { action: ActionSpec; returnFocus: HTMLElement | null } | null;
  open(target: MenuTarget, x: number, y: number): void;
  close(restoreFocus?: boolean): void;
  /** Closes the menu and asks to confirm `action`. */
  confirm(action: ActionSpec): void;
  endConfirm(): void;
}

export const useGraphMenu = create<GraphMenuState>()((set, get) => ({
  menu: null,
  confirming: null,
  confirm: (action) => set({ menu: null, confirming: { action, returnFocus: get().menu?.returnFocus ?? null } }),
  endConfirm: () => {
    const was = get().confirming;
    set({ confirming: null });
    if (was?.returnFocus?.isConnected) was.returnFocus.focus();
  },
  open: (target, x, y) => {
    const active = document.activeElement;
    set({ menu: { target, x, y, returnFocus: active instanceof HTMLElement && active !== document.body ? active : null } });
  },
  close: (restoreFocus = true) => {
    const was = get().menu;
    set({ menu: null });
    if (restoreFocus && was?.returnFocus?.isConnected) was.returnFocus.focus();
  },
}));

/** Opens the menu for `target` at the pointer (mouse) or below the element (keyboard). */
export function openGraphMenu(target: MenuTarget, at: { clientX: number; clientY: number } | HTMLElement): void {
  if (at instanceof HTMLElement) {
    const r = at.getBoundingClientRect();
    useGraphMenu.getState().open(target, r.left + Math.min(24, r.width / 2), r.top + Math.min(r.height, 28));
  } else useGraphMenu.getState().open(target, at.clientX, at.clientY);
}

export function GraphContextMenu() {
  const menu = useGraphMenu((s) => s.menu);
  const confirming = useGraphMenu((s) => s.confirming);
  if (confirming && needsConfirmation(confirming.action)) return <MenuConfirmation action={confirming.action} />;
  if (!menu) return null;
  const { kind } = menu.target;
  const id = kind === 'zone' ? `zone:${menu.target.zone}` : menu.target.key;
  return createPortal(<MenuPopup key={`${id}@${menu.x},${menu.y}`} menu={menu} />, document.body);
}

function MenuConfirmation({ action }: { action: ConfirmableAction }) {
  const bridge = useBridge();
  const endConfirm = useGraphMenu((s) => s.endConfirm);
  return (
    <ConfirmActionDialog
      action={action}
      onConfirm={(line) => {
        bridge.action(line);
        useSelection.getState().showTab('console');
      }}
      onClose={endConfirm}
    />
  );
}

function MenuPopup({ menu }: { menu: OpenMenu }) {
  const bridge = useBridge();
  const close = useGraphMenu((s) => s.close);
  const objects = useKubeplay((s) => s.objects);
  const model = menuModel(menu.target, objects);
  const [asking, setAsking] = useState<ActionSpec | null>(null);
  const [pos, setPos] = useState({ left: menu.x, top: menu.y });
  const ref = useRef<HTMLDivElement>(null);

  // keep it on screen
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const { width, height } = el.getBoundingClientRect();
    const left = Math.max(4, Math.min(menu.x, window.innerWidth - width - 4));
    const top = Math.max(4, Math.min(menu.y, window.innerHeight - height - 4));
    setPos((p) => (p.left === left && p.top === top ? p : { left, top }));
  }, [menu.x, menu.y, asking]);

  // focus the first item (or the prompt's field)
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const first = el.querySelector<HTMLElement>(asking ? 'input, select' : '[role="menuitem"]');
    first?.focus();
  }, [asking]);

  // a press anywhere else, or the window losing focus, closes it
  useEffect(() => {
    const onDown = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) close(false);
    };
    const onBlur = () => close(false);
    document.addEventListener('pointerdown', onDown, true);
    window.addEventListener('blur', onBlur);
    window.addEventListener('resize', onBlur);
    return () => {
      document.removeEventListener('pointerdown', onDown, true);
      window.removeEventListener('blur', onBlur);
      window.removeEventListener('resize', onBlur);
    };
  }, [close]);

  // the object went away (deleted): nothing left to act on
  const gone = !model;
  useEffect(() => {
    if (gone) close();
  }, [gone, close]);
  if (!model) return null;

  const run = (line: string) => {
    bridge.action(line);
    useSelection.getState().showTab('console');
    close();
  };
  const choose = (a: ActionSpec) => {
    if (needsConfirmation(a)) useGraphMenu.getState().confirm(a);
    else if (a.line) run(a.line);
    else if (a.prompt) setAsking(a);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      if (asking) setAsking(null);
      else close();
      return;
    }
    if (asking) return;
    if (e.key === 'Tab') {
      e.preventDefault();
      close();
      return;
    }
    const items = [...(ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const next = moveIndex(items.indexOf(document.activeElement as HTMLElement), items.length, e.key);
    if (next !== null) {
      e.preventDefault();
      items[next]?.focus();
    }
  };

  return (
    <div
      ref={ref}
      className="graph-menu"
      style={{ left: pos.left, top: pos.top }}
      onKeyDown={onKeyDown}
      onContextMenu={(e) => e.preventDefault()}
    >
      {asking?.prompt ? (
        <PromptForm action={asking} onRun={run} onCancel={() => setAsking(null)} />
      ) : (
        <div role="menu" aria-label={model.label} aria-orientation="vertical">
          <div className="graph-menu-title" aria-hidden="true">
            {model.title}
          </div>
          {model.inspect &&
            OBJECT_ITEMS.map((item) => (
              <button
                key={item.label}
                type="button"
                role="menuitem"
                tabIndex={-1}
                className="graph-menu-item"
                title={item.title}
                onClick={() => {
                  item.run(model.inspect!);
                  close();
                }}
              >
                {item.label}
              </button>
            ))}
          {model.groups.map((g) => (
            <div role="group" aria-label={g.label || undefined} key={g.label} className="graph-menu-group">
              {g.label && (
                <div className="graph-menu-group-label" aria-hidden="true">
                  {g.label}
                </div>
              )}
              {g.actions.map((a) => (
                <button
                  key={a.id}
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  aria-haspopup={a.prompt || needsConfirmation(a) ? 'dialog' : undefined}
                  className={`graph-menu-item${a.danger ? ' is-danger' : ''}`}
                  title={a.line ? `${a.hint ? `${a.hint}\n` : ''}$ ${a.line}` : a.hint}
                  onClick={() => choose(a)}
                >
                  {a.label}
                  {a.prompt && '…'}
                </button>
              ))}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

/** What every object's menu offers before its kind's actions: the page's own views of it. */
const OBJECT_ITEMS: { label: string; title?: string; run(key: ObjectKey): void }[] = [
  { label: 'Inspect', run: (key) => useSelection.getState().select(key) },
  {
    label: 'Edit YAML',
    title: 'Open its current YAML in the Manifests editor (like kubectl edit)',
    run: (key) => useSelection.getState().requestEdit(key),
  },
];

function PromptForm({ action, onRun, onCancel }: { action: ActionSpec; onRun(line: string): void; onCancel(): void }) {
  const prompt = action.prompt!;
  const [value, setValue] = useState(prompt.initial);
  const id = useId();
  const result = prompt.toLine(value);
  const error = 'error' in result ? result.error : null;
  return (
    <form
      className="graph-menu-prompt"
      role="dialog"
      aria-label={action.label}
      onSubmit={(e) => {
        e.preventDefault();
        if ('line' in result) onRun(result.line);
      }}
    >
      <label htmlFor={id}>{prompt.field}</label>
      <PromptField id={id} prompt={prompt} value={value} onChange={setValue} invalid={!!error} />
      {error ? (
        <p className="graph-menu-error">{error}</p>
      ) : (
        <code className="graph-menu-line">$ {'line' in result ? result.line : ''}</code>
      )}
      <div className="graph-menu-buttons">
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className={action.danger ? 'is-danger' : undefined} disabled={!!error}>
          {action.label}
        </button>
      </div>
    </form>
  );
}
