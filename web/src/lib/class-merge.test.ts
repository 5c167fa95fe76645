import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { mergeClasses } from './class-merge';

const norm = (s: string) => s.split(/\s+/).filter(Boolean).sort().join(' ');

describe('mergeClasses', () => {
  it.each([
    ['px-2 px-4', 'px-4'],
    ['p-4 px-2', 'p-4 px-2'],
    ['px-2 p-4', 'p-4'],
    ['text-sm text-lg', 'text-lg'],
    ['text-sm text-primary', 'text-sm text-primary'],
    ['text-muted-foreground text-destructive', 'text-destructive'],
    ['h-8 gap-1 px-2.5 h-7 gap-0.5 px-1.5', 'h-7 gap-0.5 px-1.5'],
    ['hover:bg-accent bg-muted hover:bg-muted', 'bg-muted hover:bg-muted'],
    ['border border-input border-2', 'border-input border-2'],
    ['rounded-md rounded-lg', 'rounded-lg'],
    ['rounded-md rounded-t-none', 'rounded-md rounded-t-none'],
    ['font-semibold font-bold', 'font-bold'],
    ['flex hidden', 'hidden'],
    ['md:flex md:hidden', 'md:hidden'],
    ['w-full size-4', 'size-4'],
    ['inline-flex flex-col', 'inline-flex flex-col'],
    ['opacity-60 opacity-100', 'opacity-100'],
    ['-mt-2 mt-4', 'mt-4'],
    [
      'supports-[backdrop-filter]:bg-background/80 supports-[backdrop-filter]:bg-card',
      'supports-[backdrop-filter]:bg-card',
    ],
    ['unknown-a unknown-b', 'unknown-a unknown-b'],
    ['ring-2 ring-ring ring-offset-2', 'ring-2 ring-ring ring-offset-2'],
  ])('%s -> %s', (input, expected) => {
    expect(mergeClasses(input)).toBe(expected);
    expect(norm(twMerge(input))).toBe(norm(expected));
  });

  it("agrees with tailwind-merge on pairs of the app's own class lists", () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? files(path.join(dir, e.name)) : /\.tsx$/.test(e.name) ? [path.join(dir, e.name)] : [],
      );
    const lists = new Set<string>();
    for (const file of files(root)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/(?:className=|cn\(|\s)'([a-z0-9:[\]/().%!_ -]{6,})'/g)) {
        if (m[1] && /\b(p|m|w|h|text|bg|flex|grid|rounded|border|gap)-/.test(m[1])) lists.add(m[1].trim());
      }
    }
    const all = [...lists];
    expect(all.length).toBeGreaterThan(50);
    const mismatches: string[] = [];
    for (let i = 0; i < all.length; i++) {
      for (let j = i + 1; j < all.length; j++) {
        const input = `${all[i]} ${all[j % all.length]}`;
        if (norm(mergeClasses(input)) !== norm(twMerge(input)))
          mismatches.push(`${input}\n   ours: ${mergeClasses(input)}\n   tw:   ${twMerge(input)}`);
      }
    }
    expect(mismatches.slice(0, 15).join('\n')).toBe('');
  });
});
