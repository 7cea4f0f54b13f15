import { createFormHookContexts } from '@tanstack/react-form';

/**
 * The React contexts of the form kit (TanStack Form's `createFormHookContexts`): a field component
 * of the kit reads its field with `useFieldContext`, a form component its form with `useFormContext`.
 * Kept apart from `form-hook.ts`, which imports the components that read them.
 */
export const { fieldContext, formContext, useFieldContext, useFormContext } = createFormHookContexts();
