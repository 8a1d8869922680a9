-- Version 2.13.0: a player's FIDE ratings in the three lists (docs/players.md). `fide_rating` stays the rating of
-- the tournament's kind (the one pairings, exports and standings use); the three columns are the whole record the
-- player page of the admin edits, and the one of the tournament's kind is kept equal to `fide_rating`.
ALTER TABLE player ADD COLUMN standard_rating INTEGER;
ALTER TABLE player ADD COLUMN rapid_rating INTEGER;
ALTER TABLE player ADD COLUMN blitz_rating INTEGER;
UPDATE player SET standard_rating = fide_rating
 WHERE fide_rating IS NOT NULL AND coalesce((SELECT rating_kind FROM tournament t WHERE t.id = player.tournament_id),
                                            'standard') NOT IN ('rapid', 'blitz');
UPDATE player SET rapid_rating = fide_rating
 WHERE fide_rating IS NOT NULL AND (SELECT rating_kind FROM tournament t WHERE t.id = player.tournament_id) = 'rapid';
UPDATE player SET blitz_rating = fide_rating
 WHERE fide_rating IS NOT NULL AND (SELECT rating_kind FROM tournament t WHERE t.id = player.tournament_id) = 'blitz';
