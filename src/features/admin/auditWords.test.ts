/**
 * Every action the SQL can write to the Registro has an Italian label (and so an entry in its
 * 'Azione' filter, which lists the labels): the actions are read from the migrations themselves,
 * from each call of private.write_audit and private.tell_staff_decision (issue 43).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { t } from '@/lib/catalogue/screens.ts';

const MIGRATIONS = join(import.meta.dirname, '../../../supabase/migrations');
/** The function, and which of its arguments is the audit action. */
const WRITERS: Record<string, number> = { 'private.write_audit(': 0, 'private.tell_staff_decision(': 2 };

/** The top-level arguments of the call whose '(' ends at `start` (quotes and nested brackets kept whole). */
function callArguments(sql: string, start: number): string[] {
  const args: string[] = [];
  let depth = 0;
  let current = '';
  for (let i = start; i < sql.length; i++) {
    const c = sql[i]!;
    if (c === "'") {
      const end = sql.indexOf("'", i + 1);
      current += sql.slice(i, end + 1);
      i = end;
      continue;
    }
    if (c === '(') depth++;
    if (c === ')' && depth-- === 0) break;
    if (c === ',' && depth === 0) {
      args.push(current.trim());
      current = '';
      continue;
    }
    current += c;
  }
  args.push(current.trim());
  return args;
}

/** The actions an argument can evaluate to: a literal, or a case's then/else literals; [] for a parameter passed on. */
export function actionsOf(arg: string): string[] {
  const literal = /^'([a-z_]+)'$/.exec(arg);
  if (literal) return [literal[1]!];
  if (/^case\b/i.test(arg)) return [...arg.matchAll(/\b(?:then|else)\s+'([a-z_]+)'/gi)].map((m) => m[1]!);
  if (/^p_[a-z_]+$/.test(arg)) return [];
  throw new Error(`An audit action this test cannot read: ${arg}`);
}

/** Every audit action the given SQL writes. */
export function auditActionsIn(sql: string): Set<string> {
  const found = new Set<string>();
  for (const [call, index] of Object.entries(WRITERS)) {
    for (let at = sql.indexOf(call); at >= 0; at = sql.indexOf(call, at + 1)) {
      // The function's own definition and its grants name it too.
      if (/function\s+$/i.test(sql.slice(Math.max(0, at - 20), at))) continue;
      for (const action of actionsOf(callArguments(sql, at + call.length)[index] ?? '')) found.add(action);
    }
  }
  return found;
}

const migrations = readdirSync(MIGRATIONS)
  .filter((f) => f.endsWith('.sql'))
  .map((f) => readFileSync(join(MIGRATIONS, f), 'utf8'))
  .join('\n');

describe('Registro labels', () => {
  const actions = auditActionsIn(migrations);
  const labels = t.admin.audit.actions as Record<string, string>;

  it('reads the actions out of the migrations', () => {
    // The triggers' own, a case's branches and the staff decisions passed through tell_staff_decision.
    for (const a of ['setting_changed', 'user_banned', 'coupon_deleted', 'listing_approved', 'verification_approved', 'verification_refused', 'listing_reopened'])
      expect(actions).toContain(a);
    expect(auditActionsIn("perform private.write_audit(case tg_op when 'INSERT' then 'x_created' else 'x_updated' end, 'x', id)")).toEqual(
      new Set(['x_created', 'x_updated']),
    );
  });

  it('has an Italian label, and so a filter entry, for every action the SQL writes', () => {
    const missing = [...actions].filter((a) => !labels[a]);
    expect(missing).toEqual([]);
  });

  it('labels nothing the SQL never writes', () => {
    expect(Object.keys(labels).filter((a) => !actions.has(a))).toEqual([]);
  });
});
