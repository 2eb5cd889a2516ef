import { createHash } from 'node:crypto';
import pg from 'pg';
import { BoundedMap } from '../lib/bounded-map.ts';

/**
 * Distinct statement texts one connection keeps prepared. The shop sends a few hundred; a text built with a
 * varying number of parameters (an `in (...)` list, a batch insert) adds one per length, and past this bound a
 * connection sends new texts unprepared, so a long-lived connection's server memory stays bounded.
 */
export const PREPARED_PER_CONNECTION = 1_000;

/** Texts longer than this are sent unprepared: rare reports and migrations, not worth a slot. */
const LONGEST_PREPARED_TEXT = 8_000;

/** Texts whose names are remembered: four connections' worth of prepared texts; the least recently sent go first. */
export const REMEMBERED_NAMES = PREPARED_PER_CONNECTION * 4;

const names = new BoundedMap<string, string>({ maxEntries: REMEMBERED_NAMES });

/** A stable name per text (the same on every connection), computed once per text while it keeps being sent. */
export function nameOf(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `s${createHash('sha1').update(text).digest('base64url').slice(0, 22)}`;
    names.set(text, name);
  }
  return name;
}

/** How many texts' names are remembered now, and whether `text`'s is. */
export function rememberedNames(text?: string): { count: number; remembers: boolean } {
  return { count: names.size, remembers: text !== undefined && names.has(text) };
}

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown; submit?: unknown };

/**
 * A node-postgres client that sends every parameterised statement as a named prepared statement: PostgreSQL
 * parses and plans a text once per connection and then only binds and executes it, where an unnamed statement is
 * parsed and planned again on every call. The shop's statements come from the ORM with their values as
 * parameters, so a few hundred texts repeat all day; preparing them takes a fifth to a third off the server's CPU
 * per checkout (bench/checkout.ts). Queries without parameters keep the simple protocol, which allows several
 * statements in one text (migrations, the job queue's set-up).
 */
export class NamedStatementClient extends pg.Client {
  private prepared = 0;

  // node-postgres' own overloads; only a plain config object with parameters is changed.
  override query(config: unknown, values?: unknown, callback?: unknown): never {
    const named = this.withName(config, values);
    return (super.query as (config: unknown, values?: unknown, callback?: unknown) => never)(named, values, callback);
  }

  private withName(config: unknown, values: unknown): unknown {
    if (typeof config === 'string') {
      return Array.isArray(values) && values.length ? this.withName({ text: config }, values) : config;
    }
    if (!config || typeof config !== 'object') return config;
    const query = config as QueryConfig;
    if (typeof query.submit === 'function' || query.name !== undefined || typeof query.text !== 'string') return config;
    const parameters = query.values ?? values;
    if (!Array.isArray(parameters) || parameters.length === 0 || query.text.length > LONGEST_PREPARED_TEXT) return config;
    const name = nameOf(query.text);
    const connection = (this as unknown as { connection: { parsedStatements: Record<string, string> } }).connection;
    if (connection.parsedStatements[name] === undefined) {
      if (this.prepared >= PREPARED_PER_CONNECTION) return config;
      this.prepared += 1;
    }
    return { ...query, name };
  }
}
