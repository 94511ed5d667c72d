import { describe, expect, it } from 'vitest';
import { countUnread, markReadLocally, routeForNotification, showPushInvite, sortNewestFirst, unreadIds } from './model.ts';

const n = (id: string, is_read: boolean, created_at = '2026-11-22T10:00:00Z') => ({ id, is_read, created_at });

describe('notification routing', () => {
  it('sends new_report to the panel, on Segnalazioni', () => {
    expect(routeForNotification({ type: 'new_report', entity_id: 'x' })).toBe('/admin?sezione=segnalazioni');
  });
  it('sends ticket notifications to the ticket', () => {
    for (const type of ['ticket_reply', 'new_ticket', 'ticket_resolved']) {
      expect(routeForNotification({ type, entity_id: 'abc' })).toBe('/my-tickets/abc');
    }
  });
  it('sends a saved-search alert to its search (which opens /search with its filters)', () => {
    expect(routeForNotification({ type: 'saved_search', entity_id: 'abc' })).toBe('/ricerche-salvate/abc');
    expect(routeForNotification({ type: 'saved_search', entity_id: null })).toBe('/ricerche-salvate');
  });
  it('only marks read for other types', () => {
    expect(routeForNotification({ type: 'listing_expired', entity_id: 'abc' })).toBeNull();
    expect(routeForNotification({ type: 'credits_added', entity_id: null })).toBeNull();
  });
});

describe('unread counts', () => {
  const items = [n('a', false), n('b', true), n('c', false)];
  it('counts unread', () => {
    expect(countUnread(items)).toBe(2);
    expect(countUnread([])).toBe(0);
  });
  it('marks all: only the unread ids', () => {
    expect(unreadIds(items)).toEqual(['a', 'c']);
  });
  it('decrements by what changed, never below 0', () => {
    const after = markReadLocally(items, 2, ['a', 'b']);
    expect(after.unread).toBe(1);
    expect(after.items.map((i) => i.is_read)).toEqual([true, true, false]);
    expect(markReadLocally(items, 0, ['a', 'c']).unread).toBe(0);
    expect(markReadLocally(items, 1, ['a', 'c']).unread).toBe(0);
  });
  it('sorts newest first', () => {
    const sorted = sortNewestFirst([n('old', false, '2026-01-01T00:00:00Z'), n('new', false, '2026-11-01T00:00:00Z')]);
    expect(sorted.map((i) => i.id)).toEqual(['new', 'old']);
  });
});

describe('push invite', () => {
  const can = { supported: true, permission: 'default', subscribed: false, dismissed: false, tried: false };
  it('invites where push can work and is not on yet (permission asked or granted)', () => {
    expect(showPushInvite(can)).toBe(true);
    expect(showPushInvite({ ...can, permission: 'granted' })).toBe(true);
  });
  it('not on a browser without push, with notifications blocked, on a subscribed device, before the device has said, once declined', () => {
    expect(showPushInvite({ ...can, supported: false })).toBe(false);
    expect(showPushInvite({ ...can, permission: 'denied' })).toBe(false);
    expect(showPushInvite({ ...can, subscribed: true })).toBe(false);
    expect(showPushInvite({ ...can, subscribed: undefined })).toBe(false);
    expect(showPushInvite({ ...can, dismissed: true })).toBe(false);
  });
  it('once tried, stays (with why it failed) until push is on or it is declined', () => {
    const tried = { ...can, tried: true };
    expect(showPushInvite({ ...tried, permission: 'denied' })).toBe(true);
    expect(showPushInvite({ ...tried, subscribed: true })).toBe(false);
    expect(showPushInvite({ ...tried, permission: 'denied', dismissed: true })).toBe(false);
  });
});
