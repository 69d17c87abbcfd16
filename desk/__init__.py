"""The secretary's desk: events, registration, check-in, pairings, results, printed
sheets and files (``files``: one format a module). Views in ``views``, writes in ``services``,
forms in ``forms``."""
