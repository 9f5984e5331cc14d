// PromptField: the input an action's prompt asks for (a select of its options, or a text or
// number field) — the same in the inspector's inline form and in the graph menu's dialog.

import type { Ref } from 'react';
import type { PromptSpec } from './actions';

export function PromptField({
  id,
  prompt,
  value,
  onChange,
  invalid,
  describedBy,
  fieldRef,
}: {
  id: string;
  prompt: PromptSpec;
  value: string;
  onChange(value: string): void;
  invalid: boolean;
  describedBy?: string;
  fieldRef?: Ref<HTMLInputElement & HTMLSelectElement>;
}) {
  if (prompt.input === 'select') {
    return (
      <select id={id} ref={fieldRef} value={value} onChange={(e) => onChange(e.target.value)}>
        {prompt.options?.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    );
  }
  const numeric = prompt.input === 'number';
  return (
    <input
      id={id}
      ref={fieldRef}
      type={numeric ? 'number' : 'text'}
      min={numeric ? 0 : undefined}
      inputMode={numeric ? 'numeric' : undefined}
      value={value}
      spellCheck={false}
      autoComplete="off"
      aria-invalid={invalid}
      aria-describedby={describedBy}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
