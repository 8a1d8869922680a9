-- Version 2.7.0: the event's default language ("en", "fr"; NULL = the browser's, then the server's).
ALTER TABLE info ADD COLUMN language TEXT;
