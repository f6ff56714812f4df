import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { PasswordField } from './password-field';

export interface NewPasswordFieldsProps<T extends FieldValues> {
  form: UseFormReturn<T>;
  /** The new password's field and label. */
  name: FieldPath<T>;
  label: string;
  /** The confirmation's field and label; it is re-checked on every edit of the password once touched. */
  confirmName: FieldPath<T>;
  confirmLabel: string;
}

/** A new password and its confirmation, so "do not match" appears and clears while either is edited. */
export function NewPasswordFields<T extends FieldValues>({
  form,
  name,
  label,
  confirmName,
  confirmLabel,
}: NewPasswordFieldsProps<T>) {
  return (
    <>
      <PasswordField
        label={label}
        autoComplete="new-password"
        error={form.getFieldState(name, form.formState).error?.message}
        {...form.register(name, {
          onChange: () => {
            if (form.getFieldState(confirmName).isTouched) void form.trigger(confirmName);
          },
        })}
      />
      <PasswordField
        label={confirmLabel}
        autoComplete="new-password"
        error={form.getFieldState(confirmName, form.formState).error?.message}
        {...form.register(confirmName)}
      />
    </>
  );
}
