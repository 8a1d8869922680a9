"""What the tests share, one module per kind (fixtures stay in the conftest.py files, which pytest finds):

- files: the checkout's root, tests/fixtures/ and tests/data/, the browser tests' artifacts folder;
- clients: in-process test clients (the server machine itself or a visitor), CSRF, forms, the app's own loop;
- events: small events built in a store (a paired tournament with an input screen, the 9-player Swiss, the demo,
  a folder of many events);
- hall: the 600-player open and a hall of every screen type;
- teams: team events, generated team tournaments;
- pairing: the pairing corpus of tests/fixtures/pairing, cut at a round;
- gacrux: FIDE's reference implementation of the tie-breaks, run on a TRF text;
- servers: processes and servers a test starts (uvicorn, rclone, nginx, redis-server), each waited for by its own
  readiness signal, never for a fixed time;
- serving: `echiquier serve` as a subprocess, ready once its banner is printed, stopped with Ctrl+C;
- workers: `serve --redis` workers on their own ports, their live streams and their Redis subscriptions;
- bounds: a small machine's limits (open files, memory) for the resource probes.
"""
