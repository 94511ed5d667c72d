import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const stylesDir = join(root, 'node_modules', '@mantine', 'core', 'styles');
const listed = readFileSync(join(import.meta.dirname, 'mantineStyles.ts'), 'utf8');

/** Components that draw with another component's classes (Mantine's documented style dependencies). */
const BUILT_FROM: Record<string, string[]> = {
  Button: ['UnstyledButton', 'Loader'],
  ActionIcon: ['UnstyledButton', 'Loader'],
  Alert: ['CloseButton'],
  Modal: ['ModalBase', 'Overlay', 'CloseButton', 'Paper'],
  Menu: ['Popover', 'UnstyledButton'],
  TextInput: ['Input'],
  Textarea: ['Input'],
  PasswordInput: ['Input', 'ActionIcon'],
  NumberInput: ['Input'],
  Select: ['Input', 'Combobox', 'Popover', 'ScrollArea', 'CloseButton'],
  Autocomplete: ['Input', 'Combobox', 'Popover', 'ScrollArea'],
  MultiSelect: ['Input', 'Combobox', 'Popover', 'ScrollArea', 'Pill', 'PillsInput', 'CloseButton'],
  Checkbox: ['InlineInput', 'CheckboxIndicator'],
  Switch: ['InlineInput'],
  Tabs: ['UnstyledButton'],
  Anchor: ['Text'],
};

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function usedComponents(): Set<string> {
  const used = new Set<string>();
  for (const file of sources(join(root, 'src'))) {
    for (const m of readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]+)\}\s*from\s*'@mantine\/core'/g)) {
      for (const name of m[1]!.split(',').map((s) => s.trim())) if (name && !name.startsWith('type ')) used.add(name);
    }
  }
  return used;
}

describe('Mantine stylesheets', () => {
  it('every Mantine component used in src/ has its stylesheet, and those it is built from, in mantineStyles.ts', () => {
    const missing: string[] = [];
    for (const name of usedComponents()) {
      for (const css of [name, ...(BUILT_FROM[name] ?? [])]) {
        if (existsSync(join(stylesDir, `${css}.css`)) && !listed.includes(`@mantine/core/styles/${css}.css'`)) missing.push(`${name} needs ${css}.css`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('does not load the whole library stylesheet', () => {
    for (const file of sources(join(root, 'src'))) expect(readFileSync(file, 'utf8')).not.toContain("'@mantine/core/styles.css'");
  });
});
