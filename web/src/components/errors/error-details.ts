/** Helpers of the error boundary, kept apart from React so they can be tested alone. */

/** The innermost component named in a React component stack ("    at Foo (url)" or "    in Foo"). */
export function componentNameFromStack(componentStack: string | null | undefined): string | null {
  if (!componentStack) return null;
  for (const line of componentStack.split('\n')) {
    const match = /^\s*(?:at|in)\s+([A-Za-z_$][\w$.]*)/.exec(line);
    if (match?.[1]) return match[1];
  }
  return null;
}

export function newErrorId(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

export interface ErrorReport {
  errorId: string;
  message: string;
  stack: string | null;
  componentStack: string | null;
}

export function formatErrorReport(report: ErrorReport): string {
  return [
    `ID : ${report.errorId}`,
    `Message : ${report.message}`,
    `Stack :\n${report.stack ?? '(aucune)'}`,
    `Component stack :\n${report.componentStack?.trim() ?? '(aucune)'}`,
  ].join('\n\n');
}
