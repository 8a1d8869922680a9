"""The hall's screens as rules: sets, families, menus, timers, handicap, screen validation."""
