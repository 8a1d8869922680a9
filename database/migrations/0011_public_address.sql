-- Version 2.14.0: the public address of the event's published site (https://…, as spectators type it), shown on
-- the arbiter's desk, the event page and the hall poster with its QR code (docs/publication.md). NULL: none given.
ALTER TABLE info ADD COLUMN public_address TEXT;
