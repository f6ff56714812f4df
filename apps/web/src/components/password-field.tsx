import { forwardRef, useState } from 'react';
import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * A password input whose show/hide toggle is a keyboard-reachable, named button. Mantine's
 * PasswordInput marks an error only with data-invalid; aria-invalid is added here.
 */
export const PasswordField = forwardRef<HTMLInputElement, PasswordInputProps>(function PasswordField(props, ref) {
  const [visible, setVisible] = useState(false);
  return (
    <PasswordInput
      ref={ref}
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': visible ? 'Hide password' : 'Show password' }}
      aria-invalid={props.error ? true : undefined}
      {...props}
    />
  );
});
