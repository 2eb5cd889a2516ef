import { asc } from 'drizzle-orm';
import type { SynonymGroups } from '../../../domain/search-synonyms.ts';
import type { Database } from '../../db/client.ts';
import { searchSynonyms } from '../../db/schema/index.ts';

/**
 * The synonym list catalogue search expands queries with, kept in memory: every uncached search needs it and it
 * changes only when the back office saves it. A save clears it here and, through the catalogue's announcement,
 * in every other process (`forget`).
 */
export class SearchSynonyms {
  private groups: Promise<SynonymGroups> | undefined;

  constructor(private readonly db: Database) {}

  list(): Promise<SynonymGroups> {
    if (!this.groups) {
      const read = this.db
        .select({ words: searchSynonyms.words })
        .from(searchSynonyms)
        .orderBy(asc(searchSynonyms.position), asc(searchSynonyms.id))
        .then((rows) => rows.map((row) => row.words));
      this.groups = read;
      // A failed read is not remembered: the next search tries again.
      read.catch(() => {
        if (this.groups === read) this.groups = undefined;
      });
    }
    return this.groups;
  }

  async replace(groups: SynonymGroups): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(searchSynonyms);
      if (groups.length > 0) await tx.insert(searchSynonyms).values(groups.map((words, index) => ({ words, position: index + 1 })));
    });
    this.forget();
  }

  forget(): void {
    this.groups = undefined;
  }
}
