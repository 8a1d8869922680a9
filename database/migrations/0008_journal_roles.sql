-- Version 2.11.0: the role an entry's undo needs; writes by other programs journalled as "outside Echiquier".
-- undo_role: 'arbiter' (results, corrections, pairings, players, illegal moves) or 'admin' (input codes,
-- visibility, event settings, screens, tournaments and anything else). Existing entries get the rule of
-- database/journal.py (ADMIN_CHANGE, copied below) applied to the rows they changed; admin-page writes
-- ("admin: …", and their undos) stay admin. The triggers are re-generated after this (database/journal.py).
ALTER TABLE journal ADD COLUMN undo_role TEXT NOT NULL DEFAULT 'admin';

-- The entry Echiquier's transaction is writing: one row, inserted after BEGIN and removed before COMMIT,
-- so that no other connection ever sees it. A write with no row here comes from another program.
CREATE TABLE journal_open (
    entry_id INTEGER NOT NULL PRIMARY KEY
);

UPDATE journal SET undo_role = 'arbiter'
WHERE what NOT LIKE '%admin: %' AND what <> 'baseline'
  AND EXISTS (SELECT 1 FROM journal_change c WHERE c.entry_id = journal.id)
  AND NOT EXISTS (SELECT 1 FROM journal_change c WHERE c.entry_id = journal.id AND
    c.tbl NOT IN ('pairing', 'result', 'illegal_move', 'player', 'skipped_round', 'team_member', 'team_match',
                  'team_board')
    AND NOT (c.tbl = 'tournament' AND c.old IS NOT NULL AND c.new IS NOT NULL AND NOT EXISTS
      (SELECT 1 FROM json_each(c.new) n
       WHERE n.key NOT IN ('last_update', 'last_result_update', 'last_illegal_move_update', 'last_check_in_update')
         AND n.value IS NOT json_extract(c.old, '$."' || n.key || '"'))));
