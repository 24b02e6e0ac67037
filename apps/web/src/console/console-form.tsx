// A console form: submitted without a page load, and without the browser's own validation bubbles (each screen says
// what to fix in its own words, beside the field, as the server's refusals are).
import type { ComponentProps } from 'react';

type ConsoleFormProps = Omit<ComponentProps<'form'>, 'onSubmit' | 'noValidate'> & { onSubmit: () => unknown };

export function ConsoleForm({ onSubmit, children, ...form }: ConsoleFormProps) {
  return (
    <form
      noValidate
      {...form}
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      {children}
    </form>
  );
}
