"""Pure chess-tournament logic: no I/O, no clock, no event loop."""
