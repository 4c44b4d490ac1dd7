import { AlertIcon } from './icons.tsx';

/** The message under a field that is wrong; its `id` is what the field's `aria-describedby` names. Nothing when there is no message. */
export function FieldError({ id, text }: { id: string; text?: string | null }) {
  if (!text) return null;
  return (
    <p
      id={id}
      role="alert"
      data-testid="field-error"
      className="mt-2 flex items-start gap-1.5 text-sm font-medium text-red-600 dark:text-red-400"
    >
      <AlertIcon size={16} className="mt-0.5 shrink-0" />
      <span>{text}</span>
    </p>
  );
}
