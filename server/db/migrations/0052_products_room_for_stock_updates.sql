-- A product row is about 1.7 kB (its texts), so a page held four of them with no room for a new version: every
-- checkout's stock update of a busy potion (and of a set's six components) then moved its row to another page and
-- wrote a new entry into each of the table's indexes (the search index's dozens of words among them) instead of a
-- HOT update beside the old version. Filling new pages to 20% gives a row a page of its own, with room for several
-- versions between prunings. Rows already stored move to such pages at their next update that needs the room.
ALTER TABLE "products" SET (fillfactor = 20);
