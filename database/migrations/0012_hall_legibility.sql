-- Version 2.15.0: the hall at a distance (docs/screens.md §16, §17). `readable_m`: the distance in metres the
-- screen's text must be readable from (NULL = 5 m); the text size, columns and pages follow from it. `message`: a
-- line scrolling across the screen, set by the arbiter's desk or the admin (NULL or '' = none). On a family they
-- apply to every screen it generates.
ALTER TABLE screen ADD COLUMN readable_m INTEGER;
ALTER TABLE screen ADD COLUMN message TEXT;
ALTER TABLE family ADD COLUMN readable_m INTEGER;
ALTER TABLE family ADD COLUMN message TEXT;
