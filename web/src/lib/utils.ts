import { clsx, type ClassValue } from 'clsx';
import { mergeClasses } from './class-merge';

/** Joins class names and lets later Tailwind classes override earlier ones (class-merge.ts, tailwind-merge rules). */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}
