import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { render, screen, waitFor } from '@/test/render.tsx';
import { t } from '@/lib/catalogue/screens.ts';

const api = vi.hoisted(() => ({ exportMyData: vi.fn() }));
vi.mock('../api.ts', () => api);
const { DataExportSection } = await import('./DataExportSection.tsx');

const m = t.profile.settings;

/** jsdom's Blob has no text(): read it as a browser of 2015 would. */
const readText = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(new Error('FileReader failed', { cause: reader.error }));
    reader.readAsText(blob);
  });

describe('DataExportSection', () => {
  const saved: { name: string; blob: Blob }[] = [];
  beforeEach(() => {
    saved.length = 0;
    api.exportMyData.mockReset();
    let blob: Blob | undefined;
    // jsdom has no object URLs and does not download: record what the link would save.
    URL.createObjectURL = vi.fn((b: Blob) => ((blob = b), 'blob:export'));
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (blob) saved.push({ name: this.download, blob });
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('downloads the data as a dated JSON file', async () => {
    api.exportMyData.mockResolvedValue({ profile: { display_name: 'Ugo' } });
    render(<DataExportSection />);
    await userEvent.click(screen.getByRole('button', { name: m.download }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toMatch(/^i-miei-dati-\d{4}-\d{2}-\d{2}\.json$/);
    expect(JSON.parse(await readText(saved[0]!.blob))).toEqual({ profile: { display_name: 'Ugo' } });
  });

  it('says so when the export fails', async () => {
    api.exportMyData.mockRejectedValue(new Error('down'));
    render(<DataExportSection />);
    await userEvent.click(screen.getByRole('button', { name: m.download }));
    expect(await screen.findByText(m.downloadFailed)).toBeInTheDocument();
    expect(saved).toHaveLength(0);
  });
});
