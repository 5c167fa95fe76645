/**
 * Native <select> styled like the inputs: accessible and mobile friendly out of the box, and far lighter than a
 * custom listbox in the dashboard chunk (initial JS budget of /).
 */
export const SELECT_CLASS =
  'flex h-9 w-full rounded-md border border-input bg-background px-3 py-1 text-sm shadow-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50';
