// ConfirmActionDialog: the question a destructive action asks before it runs (Drain, Partition
// zone, Delete): a modal alert dialog naming what will happen and the exact command line, with
// Cancel focused first so Enter or Escape never destroys anything by accident. The inspector's
// buttons and the graph's context menu both use it (actions.ts says which actions confirm).

import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import type { ActionSpec } from './actions';

/** An action that runs a line after asking. */
export type ConfirmableAction = ActionSpec & { line: string; confirm: NonNullable<ActionSpec['confirm']> };

export function ConfirmActionDialog({
  action,
  onConfirm,
  onClose,
}: {
  action: ConfirmableAction;
  onConfirm(line: string): void;
  /** Called when the dialog closes either way (after onConfirm, or on Cancel / Escape). */
  onClose(): void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal();
  }, []);
  // closed before onClose, so the page is no longer inert when the caller moves the focus back
  const finish = () => {
    dialog.current?.close();
    onClose();
  };
  return createPortal(
    <dialog
      ref={dialog}
      className="confirm-dialog"
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(e) => {
        e.preventDefault();
        finish();
      }}
    >
      <form
        method="dialog"
        onSubmit={(e) => {
          e.preventDefault();
          onConfirm(action.line);
          finish();
        }}
      >
        <h2 id={`${id}-title`}>{action.confirm.title}</h2>
        <p id={`${id}-text`}>{action.confirm.text}</p>
        <p className="confirm-line">
          <code>$ {action.line}</code>
        </p>
        <div className="confirm-actions">
          <button type="button" className="btn" onClick={finish} autoFocus>
            Cancel
          </button>
          <button type="submit" className="btn btn-danger">
            {action.label}
          </button>
        </div>
      </form>
    </dialog>,
    document.body,
  );
}

/** Whether the action asks before running (and so runs through ConfirmActionDialog). */
export function needsConfirmation(action: ActionSpec): action is ConfirmableAction {
  return !!action.line && !!action.confirm;
}
