"""Pairing (pure, no I/O): the engines behind one door (engines.py: Dutch, Berger, FIDE team Swiss), their input and
output (model.py), the arbiter's draft checks (checks.py), the event file's rows as engine input (rows.py), virtual
points of accelerated pairings (virtual_points.py). Nothing is imported here, so that reading the model or the
checks does not load the engines (gacrux and networkx take a quarter of a second)."""
