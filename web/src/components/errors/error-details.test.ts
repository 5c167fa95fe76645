import { describe, expect, it } from 'vitest';
import { componentNameFromStack, formatErrorReport, newErrorId } from './error-details';

describe('error details', () => {
  it('names the innermost component of a React 19 component stack', () => {
    const stack = '\n    at PriceCard (http://localhost/src/x.tsx:3:9)\n    at div\n    at DashboardPage (http://x)';
    expect(componentNameFromStack(stack)).toBe('PriceCard');
  });

  it('reads the older "in Component" form and copes with nothing', () => {
    expect(componentNameFromStack('\n    in Header (created by Shell)\n    in Shell')).toBe('Header');
    expect(componentNameFromStack(null)).toBeNull();
    expect(componentNameFromStack('')).toBeNull();
  });

  it('produces distinct ids and a report holding every part', () => {
    expect(newErrorId()).not.toBe(newErrorId());
    const text = formatErrorReport({ errorId: 'id-1', message: 'boom', stack: 'Error: boom', componentStack: ' at X' });
    expect(text).toContain('id-1');
    expect(text).toContain('boom');
    expect(text).toContain('Error: boom');
    expect(text).toContain('at X');
  });
});
