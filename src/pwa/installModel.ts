/** When to invite a visitor to install the app: pure rules, unit tested. */

export const DISMISS_DAYS = 30;
export const PAGE_VIEWS_TO_INVITE = 3;

/** How this browser installs: its own prompt (Chromium), the Share sheet (iPhone/iPad Safari), or not at all. */
export type InstallWay = 'prompt' | 'ios' | 'none';

export interface InstallRecord {
  /** Pages viewed on this device. */
  views: number;
  /** A favourite or a saved search was made on this device. */
  engaged: boolean;
  /** When 'Non ora' was last chosen (ISO), or null. */
  dismissedAt: string | null;
}

export const emptyRecord: InstallRecord = { views: 0, engaged: false, dismissedAt: null };

/** iPhone and iPad Safari, where adding to the Home screen goes through Condividi (iPadOS also says 'Macintosh'). */
export function isIosSafari(userAgent: string, maxTouchPoints: number): boolean {
  const ios = /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  return ios && /Safari\//.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS/.test(userAgent);
}

export function installWay(opts: { promptCaptured: boolean; userAgent: string; maxTouchPoints: number }): InstallWay {
  if (opts.promptCaptured) return 'prompt';
  return isIosSafari(opts.userAgent, opts.maxTouchPoints) ? 'ios' : 'none';
}

/**
 * Invite once the visitor has really used the app (a favourite or a saved search, or the third
 * page viewed on this device), never on the first screen of a visit, never when already
 * installed, and not again for 30 days after 'Non ora'.
 */
export function shouldInvite(r: InstallRecord, opts: { way: InstallWay; standalone: boolean; viewsThisVisit: number; now: Date }): boolean {
  if (opts.standalone || opts.way === 'none' || opts.viewsThisVisit < 2) return false;
  if (r.dismissedAt && opts.now.getTime() - Date.parse(r.dismissedAt) < DISMISS_DAYS * 24 * 3600_000) return false;
  return r.engaged || r.views >= PAGE_VIEWS_TO_INVITE;
}

/** A stored record, or the empty one for anything unreadable. */
export function parseRecord(raw: string | null): InstallRecord {
  if (!raw) return emptyRecord;
  try {
    const v = JSON.parse(raw) as Partial<InstallRecord>;
    return {
      views: Number.isInteger(v.views) && v.views! >= 0 ? v.views! : 0,
      engaged: v.engaged === true,
      dismissedAt: typeof v.dismissedAt === 'string' && !Number.isNaN(Date.parse(v.dismissedAt)) ? v.dismissedAt : null,
    };
  } catch {
    return emptyRecord;
  }
}
