import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { t } from '@/lib/catalogue/index.ts';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { BackLink } from './BackLink.tsx';

const at = (ui: React.ReactNode, entries = ['/here']) =>
  render(
    <MemoryRouter initialEntries={entries}>
      <Routes>
        <Route path="/here" element={ui} />
        <Route path="/home" element={<p>casa</p>} />
        <Route path="/before" element={<p>prima</p>} />
      </Routes>
    </MemoryRouter>,
  );

describe('BackLink (issue 43: one back link for the whole app)', () => {
  it("is '← Indietro' named 'Indietro', a link when it goes to a place", () => {
    at(<BackLink to="/home" />);
    const link = screen.getByRole('link', { name: t.frame.back });
    expect(link).toHaveTextContent(`←${t.frame.back}`);
    expect(link).toHaveAttribute('href', '/home');
    fireEvent.click(link);
    expect(screen.getByText('casa')).toBeInTheDocument();
  });

  it('runs what the screen asks, as a button', () => {
    const back = vi.fn();
    at(<BackLink onClick={back} label="Torna ai ticket" />);
    fireEvent.click(screen.getByRole('button', { name: 'Torna ai ticket' }));
    expect(back).toHaveBeenCalledOnce();
  });

  it('goes to its fallback when there is no history to go back to', () => {
    at(<BackLink fallback="/home" />);
    fireEvent.click(screen.getByRole('button', { name: t.frame.back }));
    expect(screen.getByText('casa')).toBeInTheDocument();
  });
});

/** Every .tsx under a folder. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.tsx') && !path.endsWith('.test.tsx') ? [path] : [];
  });
}

it('no screen draws a back link of its own (an arrow before a catalogue `back`)', () => {
  const own = sources(join(import.meta.dirname, '..', '..')).filter((file) =>
    /[←‹]\s*\{[\w.]*back\}|variant="subtle"[^>]*>\s*\{[\w.]*\.back\}/.test(readFileSync(file, 'utf8')),
  );
  expect(own.map((f) => f.replace(/^.*\/src\//, 'src/'))).toEqual([]);
});
