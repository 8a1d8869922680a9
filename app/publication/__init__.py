"""Publication: the event's public site as static files, sent to any rclone remote."""
