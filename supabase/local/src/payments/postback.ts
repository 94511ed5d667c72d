/**
 * Sends a signed postback the way a processor does: GET to the merchant's postback URL,
 * done only when the answer's text is OK; otherwise tried again with growing pauses
 * (base, 2x, 4x… capped), a fixed number of times.
 */
export interface PostbackSenderOptions {
  /** First pause before a retry, in ms. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  attempts?: number;
  log(message: string): void;
}

export class PostbackSender {
  private timers = new Set<NodeJS.Timeout>();
  private stopped = false;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly attempts: number;

  constructor(private readonly opts: PostbackSenderOptions) {
    this.baseDelayMs = opts.baseDelayMs ?? 1000;
    this.maxDelayMs = opts.maxDelayMs ?? 60_000;
    this.attempts = opts.attempts ?? 10;
  }

  /** Tries once now (answering whether it got OK) and keeps retrying in the background if not. */
  async send(url: string, params: Record<string, string>): Promise<boolean> {
    const target = `${url}${url.includes('?') ? '&' : '?'}${new URLSearchParams(params)}`;
    const ok = await this.attempt(target, 1);
    if (!ok) this.retry(target, 2);
    return ok;
  }

  private async attempt(target: string, n: number): Promise<boolean> {
    try {
      const res = await fetch(target, { signal: AbortSignal.timeout(15_000) });
      const body = (await res.text()).trim();
      if (body === 'OK') return true;
      this.opts.log(`postback attempt ${n} answered ${res.status} ${body.slice(0, 80)}`);
    } catch (err) {
      this.opts.log(`postback attempt ${n} failed: ${(err as Error).message}`);
    }
    return false;
  }

  private retry(target: string, n: number): void {
    if (this.stopped || n > this.attempts) {
      if (n > this.attempts) this.opts.log(`postback given up after ${this.attempts} attempts`);
      return;
    }
    const delay = Math.min(this.baseDelayMs * 2 ** (n - 2), this.maxDelayMs);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.attempt(target, n).then((ok) => {
        if (!ok) this.retry(target, n + 1);
      });
    }, delay);
    timer.unref?.();
    this.timers.add(timer);
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}
