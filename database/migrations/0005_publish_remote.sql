-- Version 2.8.0: where the event's public site is published (an rclone remote "name:path"; NULL = not published).
ALTER TABLE info ADD COLUMN publish_remote TEXT;
